/* json_codec.h: the C halves of the json module, shared by json.c (the module: argument
 * handling, JSONDecodeError, dump/load) with json_encode.c and json_decode.c. */
#ifndef KRAIT_JSON_CODEC_H
#define KRAIT_JSON_CODEC_H

#include "builtins.h"

typedef struct JsonEncoder {
    Str *indent;      /* NULL: compact (one line) */
    Str *item_sep;    /* ", " or "," */
    Str *key_sep;     /* ": " */
    Value default_fn; /* None when absent */
    bool sort_keys, skipkeys, ensure_ascii, allow_nan, check_circular;
    List *markers; /* containers being encoded, for "Circular reference detected" */
} JsonEncoder;

/* Append the JSON text of v to b. False after raising. */
bool json_encode_value(Interp *I, JsonEncoder *e, StrBuf *b, Value v, int level);

typedef struct JsonDecoder {
    Str *doc;
    Value error_type; /* JSONDecodeError */
    Value object_hook, object_pairs_hook, parse_float, parse_int, parse_constant; /* None */
} JsonDecoder;

/* Decode the whole document (surrounding whitespace allowed). V_NULL after raising. */
Value json_decode_document(Interp *I, JsonDecoder *d);

#endif
