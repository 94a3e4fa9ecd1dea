/* opcodes.h: the one list of bytecode instructions. The enum, the disassembler's names and
 * the VM's computed-goto table are all generated from OPCODES(X), so they cannot drift.
 *
 * Encoding: every instruction is one 32-bit word, opcode in the low 8 bits and a 24-bit
 * argument above (INSTR_OP / INSTR_ARG); jump arguments are absolute instruction indexes.
 * The machine is a stack machine with CPython 3.10's exception model: a per-frame block
 * stack (SETUP_FINALLY / SETUP_WITH / POP_BLOCK) and handlers that receive the exception
 * object on the value stack. "TOS" is the top of the stack, TOS1 the one below.
 * V_NULL may sit on the stack only where an instruction says so (LOAD_METHOD's marker). */
#ifndef KRAIT_OPCODES_H
#define KRAIT_OPCODES_H

#include <stdint.h>

/* X(NAME, stack effect comment) */
#define OPCODES(X)                                                                                  \
    X(NOP)                                                                                          \
    X(POP_TOP)           /* pop TOS */                                                              \
    X(COPY)              /* arg n>=1: push a copy of stack[-n] (COPY 1 duplicates TOS) */           \
    X(SWAP)              /* arg n>=2: swap TOS and stack[-n] */                                     \
    X(LOAD_CONST)        /* arg k: push consts[k] */                                                \
    X(LOAD_SMALL_INT)    /* arg: push int(arg - 0x800000); ints in [-2^23, 2^23) */                 \
    X(LOAD_FAST)         /* arg i: push locals[i]; UnboundLocalError if unbound */                  \
    X(STORE_FAST)        /* arg i: locals[i] = pop */                                               \
    X(DELETE_FAST)       /* arg i: unbind locals[i] (UnboundLocalError if unbound) */               \
    X(LOAD_DEREF)        /* arg i: push cells[i].contents (cells = cellvars then freevars);         \
                            NameError "cannot access free variable 'x' where it is not              \
                            associated with a value in enclosing scope" for free vars,              \
                            UnboundLocalError for own cells */                                      \
    X(STORE_DEREF)       /* arg i: cells[i].contents = pop */                                       \
    X(DELETE_DEREF)      /* arg i */                                                                \
    X(LOAD_CLOSURE)      /* arg i: push the cell object cells[i] itself (for MAKE_FUNCTION) */      \
    X(LOAD_CLASSDEREF)   /* arg i: class body reading a free var: the class namespace first,        \
                            then the cell */                                                        \
    X(LOAD_NAME)         /* arg n: names[n] from frame locals dict, then globals, then builtins */  \
    X(STORE_NAME)        /* arg n: locals dict[names[n]] = pop */                                   \
    X(DELETE_NAME)       /* arg n */                                                                \
    X(LOAD_GLOBAL)       /* arg n: globals then builtins; NameError "name 'x' is not defined" */    \
    X(STORE_GLOBAL)      /* arg n */                                                                \
    X(DELETE_GLOBAL)     /* arg n */                                                                \
    X(LOAD_ATTR)         /* arg n: TOS = getattr(TOS, names[n]) */                                  \
    X(STORE_ATTR)        /* arg n: TOS.names[n] = TOS1; pops both */                                \
    X(DELETE_ATTR)       /* arg n: del TOS.names[n]; pop */                                         \
    X(LOAD_METHOD)       /* arg n: obj = pop; if names[n] is a plain method found on the type       \
                            (function or builtin method, not shadowed by the instance dict),        \
                            push meth, obj; else push getattr(obj, name), V_NULL */                 \
    X(BINARY_OP)         /* arg op (BIN_*): b = pop, a = pop, push a op b */                        \
    X(INPLACE_OP)        /* arg op (BIN_*): b = pop, a = pop, push a op= b */                       \
    X(UNARY_OP)          /* arg op (UN_*): TOS = op TOS */                                          \
    X(UNARY_NOT)         /* TOS = not TOS */                                                        \
    X(COMPARE_OP)        /* arg op (CMP_*): b = pop, a = pop, push a op b */                        \
    X(IS_OP)             /* arg invert: b, a popped; push (a is b) ^ invert */                      \
    X(CONTAINS_OP)       /* arg invert: b = pop (container), a = pop; push (a in b) ^ invert */     \
    X(BINARY_SUBSCR)     /* key = pop, obj = pop; push obj[key] */                                  \
    X(STORE_SUBSCR)      /* TOS = key, TOS1 = obj, TOS2 = value: obj[key] = value; pop 3 */         \
    X(DELETE_SUBSCR)     /* TOS = key, TOS1 = obj: del obj[key]; pop 2 */                           \
    X(BUILD_SLICE)       /* arg 2 or 3: push slice(start, stop[, step]) */                          \
    X(BUILD_TUPLE)       /* arg n: pop n, push tuple (first pushed is first item) */                \
    X(BUILD_LIST)        /* arg n */                                                                \
    X(BUILD_SET)         /* arg n */                                                                \
    X(BUILD_MAP)         /* arg n: pop 2n (k1 v1 ... kn vn, k1 deepest), push dict */               \
    X(BUILD_STRING)      /* arg n: pop n strs, push their concatenation */                          \
    X(BUILD_TEMPLATE)    /* arg n: pop a tuple of n+1 strs and n (value, text, conversion, spec)    \
                            quadruples, push the string.templatelib.Template (t"...") */            \
    X(LIST_APPEND)       /* arg i: v = pop; stack[-i].append(v) (after the pop) */                  \
    X(SET_ADD)           /* arg i: v = pop; stack[-i].add(v) */                                     \
    X(MAP_ADD)           /* arg i: v = pop, k = pop; stack[-i][k] = v */                            \
    X(LIST_EXTEND)       /* arg i: it = pop; stack[-i].extend(it) */                                \
    X(SET_UPDATE)        /* arg i */                                                                \
    X(DICT_UPDATE)       /* arg i: m = pop; stack[-i].update(m) ({**m} in displays) */              \
    X(DICT_MERGE)        /* arg i: like DICT_UPDATE, but for **m in calls: TypeError on a           \
                            repeated key "f() got multiple values for keyword argument 'x'" and     \
                            on non-str keys; the callable is at stack[-i-2] for the message */      \
    X(LIST_TO_TUPLE)     /* TOS = tuple(TOS) */                                                     \
    X(FORMAT_VALUE)      /* arg: (conv & 3) 0 none 1 str 2 repr 3 ascii; arg & 4: a spec is TOS     \
                            (pop spec, then value); push format(conv(value), spec) */               \
    X(UNPACK_SEQUENCE)   /* arg n: pop seq, push its n items, last item first (so item 0 is         \
                            TOS); ValueError "not enough values to unpack (expected 3, got 2)"      \
                            / "too many values to unpack (expected 2)" */                           \
    X(UNPACK_EX)         /* arg before | after << 8: a = *rest unpacking; pushes after items,       \
                            the list, then before items, so item 0 is TOS */                        \
    X(JUMP)              /* arg target; a backward jump checks interrupts and the budget */         \
    X(POP_JUMP_IF_FALSE) /* arg target: v = pop; jump if not truthy */                              \
    X(POP_JUMP_IF_TRUE)                                                                             \
    X(JUMP_IF_FALSE_OR_POP) /* arg target: jump (keeping TOS) if falsy, else pop */                 \
    X(JUMP_IF_TRUE_OR_POP)                                                                          \
    X(GET_ITER)             /* TOS = iter(TOS) */                                                   \
    X(FOR_ITER)             /* arg target: push next(TOS); when exhausted pop the iterator and      \
                               jump to target */                                                    \
    X(SETUP_FINALLY)        /* arg handler: push a block {handler, stack level}. If an exception    \
                               escapes while it is the top block: pop it, truncate the value stack  \
                               to its level, push an EXCEPT_HANDLER block remembering the           \
                               previously handled exception, make this exception the handled one    \
                               (sys.exc_info; the __context__ of exceptions raised in the handler), \
                               push the exception object, jump to handler */                        \
    X(POP_BLOCK)            /* pop the top block (normal exit from a try body) */                   \
    X(POP_EXCEPT)           /* pop the EXCEPT_HANDLER block, restoring the previously handled       \
                               exception; then pop the exception object from the value stack */     \
    X(RERAISE)              /* exc = pop; raise it again (traceback kept, not extended here) */     \
    X(CHECK_EXC_MATCH)      /* TOS = type or tuple of types, TOS1 = exc: pop TOS, push              \
                               isinstance(exc, TOS) (TypeError "catching classes that do not        \
                               inherit from BaseException is not allowed") */                       \
    X(RAISE_VARARGS)        /* arg 0: re-raise the handled exception ("RuntimeError: No active      \
                               exception to reraise"); 1: raise TOS; 2: raise TOS1 from TOS */      \
    X(LOAD_ASSERTION_ERROR) /* push AssertionError */                                               \
    X(SETUP_WITH)           /* arg handler: mgr = pop; push bound mgr.__exit__; push a              \
                               SETUP_FINALLY block to handler (level above __exit__); push          \
                               mgr.__enter__() */                                                   \
    X(WITH_EXCEPT_START)    /* TOS = exc, stack[-2] = __exit__ (the handler's stack); push          \
                               __exit__(type(exc), exc, exc.__traceback__) */                       \
    X(RETURN_VALUE)         /* return pop to the caller */                                          \
    X(YIELD_VALUE) /* suspend the generator, yielding pop; on resume push the sent value */         \
    X(YIELD_FROM)  /* TOS = value to send, TOS1 = subiterator: send it (next() for None);           \
                      if it yields, yield that value and, on resume, run YIELD_FROM again           \
                      with the sent value as TOS; when it returns, pop both and push its            \
                      return value */                                                               \
    X(GET_YIELD_FROM_ITER) /* TOS = iter(TOS) unless TOS is a generator/coroutine */                \
    X(GET_AWAITABLE)       /* TOS = the awaitable's iterator (coroutine itself or __await__()) */   \
    X(GEN_START)           /* first instruction of generator code: discard the None sent by the     \
                              first next() */                                                       \
    X(KW_NAMES)            /* arg k: consts[k] is a tuple of keyword names for the next CALL or     \
                              CALL_METHOD; their values are the last len(names) arguments */        \
    X(CALL)                /* arg n: stack [callable, a1..an] -> result */                          \
    X(CALL_METHOD)         /* arg n: stack [meth, self_or_NULL, a1..an] (after LOAD_METHOD) */      \
    X(CALL_EX)             /* arg flags: stack [callable, args tuple, (kwargs dict if flags & 1)]   \
                              -> result; for calls with *args or **kwargs */                        \
    X(MAKE_FUNCTION)       /* arg flags: stack [(defaults tuple if &1), (kwdefaults dict if &2),    \
                              (annotations dict if &4), (closure tuple of cells if &8), code]       \
                              -> function; its globals are the frame's */                           \
    X(BUILD_CLASS)         /* arg nbases: stack [body function, name, base1..basen]; runs the body  \
                              with a fresh namespace dict as its locals; the body's return value    \
                              is its __class__ cell or None; creates the class with                 \
                              type_new_heap, fills the cell, pushes the class. KW_NAMES may         \
                              precede it (keywords go to __init_subclass__) */                      \
    X(IMPORT_NAME)         /* arg n: fromlist = pop, level = pop; push vm_import(names[n], ...) */  \
    X(IMPORT_FROM)         /* arg n: push getattr(TOS, names[n]) (ImportError "cannot import name   \
                              'x' from 'm' (path)"); TOS stays */                                   \
    X(IMPORT_STAR)         /* pop module; copy its public names (or __all__) into locals */         \
    X(SETUP_ANNOTATIONS)   /* create __annotations__ in the locals dict if absent */                \
    X(PRINT_EXPR)          /* interactive: v = pop; if not None print repr and set builtins._ */    \
    /* added by the compiler for async for / async with (CPython 3.10's semantics): */              \
    X(GET_AITER)         /* TOS = TOS.__aiter__() (TypeError "'async for' requires an object        \
                            with __aiter__ method, got T") */                                       \
    X(GET_ANEXT)         /* push the awaitable of TOS.__anext__() (TOS, the async iterator,         \
                            stays); the compiler follows it with LOAD_CONST None, YIELD_FROM */     \
    X(END_ASYNC_FOR)     /* TOS = exc, TOS1 = async iterator, top block an EXCEPT_HANDLER: if       \
                            exc is a StopAsyncIteration, pop the EXCEPT_HANDLER block (restoring    \
                            the previously handled exception as POP_EXCEPT does) and pop both       \
                            values; else re-raise exc as RERAISE does */                            \
    X(BEFORE_ASYNC_WITH) /* mgr = pop; push bound mgr.__aexit__, then push mgr.__aenter__()         \
                            (an awaitable; the compiler awaits it with GET_AWAITABLE,               \
                            LOAD_CONST None, YIELD_FROM) */                                         \
    /* the match statement (CPython 3.11's): */                                                     \
    X(MATCH_SEQUENCE) /* push whether TOS is a sequence for sequence patterns (TOS stays) */        \
    X(MATCH_MAPPING)  /* push whether TOS is a mapping (TOS stays) */                               \
    X(GET_LEN)        /* push len(TOS) (TOS stays) */                                               \
    X(MATCH_KEYS)     /* TOS = tuple of keys, TOS1 = subject: push a tuple of the values, or None   \
                         when a key is missing (both stay) */                                       \
    X(MATCH_CLASS)    /* arg nargs: TOS = tuple of keyword names, TOS1 = class, TOS2 = subject:     \
                         pop all three; push the tuple of attributes, or None */                    \
    /* except* (CPython 3.11's): */                                                                 \
    X(CHECK_EG_MATCH)    /* TOS = type, TOS1 = exc: pop the type; on a match replace exc with       \
                            the rest (None when all matched), push the match and make it the        \
                            handled exception; else push None */                                    \
    X(PREP_RERAISE_STAR) /* TOS = list of raised/re-raised exceptions, TOS1 = the original: pop     \
                            both, push what the try-except* raises (or None) */                     \
    /* Superinstructions (frontend/compile.c's fuse_pairs): LOAD_FAST or STORE_FAST with its        \
       own arg, written over the first of a pair; the second instruction stays as it was and        \
       runs next without a dispatch through the table. Executed as the plain first op, each is      \
       still right (a jump into the pair's second word runs that one alone). */                     \
    X(LOAD_FAST__LOAD_ATTR)                                                                         \
    X(LOAD_FAST__LOAD_METHOD)                                                                       \
    X(LOAD_FAST__LOAD_FAST)                                                                         \
    X(LOAD_FAST__LOAD_SMALL_INT)                                                                    \
    X(LOAD_FAST__BINARY_OP)                                                                         \
    X(LOAD_FAST__STORE_ATTR)                                                                        \
    X(LOAD_FAST__COMPARE_OP)                                                                        \
    X(STORE_FAST__LOAD_FAST)

typedef enum Opcode {
#define X(name) OP_##name,
    OPCODES(X)
#undef X
        OP__COUNT
} Opcode;

#define INSTR(op, arg) ((uint32_t)(op) | ((uint32_t)(arg) << 8))
#define INSTR_OP(w)    ((w)&0xffu)
#define INSTR_ARG(w)   ((w) >> 8)
#define INSTR_ARG_MAX  0xffffffu
#define SMALL_INT_BIAS 0x800000

extern const char *const opcode_names[OP__COUNT]; /* code.c */

#endif
