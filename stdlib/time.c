/* time.c: the time module: clocks (time, perf_counter, monotonic, process_time and their _ns
 * forms), sleep, and the calendar functions. localtime()/gmtime() return a struct_time (a
 * struct sequence, structseq.c: a 9-tuple with tm_* attributes), which strftime, asctime
 * and mktime accept like any 9-tuple. sleep() waits in short slices and makes the host's
 * check (interp_check_host) between them, so an interrupt, kr_terminate or a time limit
 * stops it promptly; the asyncio work will route it through the event loop. */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "builtins.h"
#include "modules.h"
#include "classes.h"

static Value clock_float(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return v_float((double)ts.tv_sec + ts.tv_nsec * 1e-9);
}

static Value clock_ns(Interp *I, clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return v_int((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}

#define TIME_CLOCK(pyname, id)                                                                     \
    static Value time_##pyname(Interp *I, int argc, Value *argv, Tuple *kw) {                      \
        if (!arg_no_kw(I, #pyname, kw) || !arg_count(I, #pyname, argc, 0, 0)) return V_NULL;       \
        return clock_float(id);                                                                    \
    }                                                                                              \
    static Value time_##pyname##_ns(Interp *I, int argc, Value *argv, Tuple *kw) {                 \
        if (!arg_no_kw(I, #pyname "_ns", kw) || !arg_count(I, #pyname "_ns", argc, 0, 0))          \
            return V_NULL;                                                                         \
        return clock_ns(I, id);                                                                    \
    }

TIME_CLOCK(time, CLOCK_REALTIME)
TIME_CLOCK(perf_counter, CLOCK_MONOTONIC)
TIME_CLOCK(monotonic, CLOCK_MONOTONIC)
TIME_CLOCK(process_time, CLOCK_PROCESS_CPUTIME_ID)
TIME_CLOCK(thread_time, CLOCK_THREAD_CPUTIME_ID)

static Value time_sleep(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "sleep", kw) || !arg_count(I, "sleep", argc, 1, 1)) return V_NULL;
    double secs;
    if (!is_float(argv[0]) && !is_int(I, argv[0]) && !is_float_value(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                          type_name(I, argv[0]));
    if (!num_to_double(I, argv[0], &secs)) return V_NULL;
    if (isnan(secs)) return err_format(I, TY_VALUE_ERROR, "Invalid value NaN (not a number)");
    if (secs < 0) return err_format(I, TY_VALUE_ERROR, "sleep length must be non-negative");
    struct timespec now, end;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double whole = floor(secs);
    end.tv_sec = now.tv_sec + (time_t)whole;
    end.tv_nsec = now.tv_nsec + (long)((secs - whole) * 1e9);
    if (end.tv_nsec >= 1000000000L) {
        end.tv_sec++;
        end.tv_nsec -= 1000000000L;
    }
    for (;;) {
        /* the host's check between slices: an interrupt, kr_terminate or the time limit
         * raises here, so a sleeping script stops like a looping one */
        if (!interp_check_host(I)) return V_NULL;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double left = (double)(end.tv_sec - now.tv_sec) + (end.tv_nsec - now.tv_nsec) * 1e-9;
        if (left <= 0) break;
        double slice = left < 0.05 ? left : 0.05;
        struct timespec ts = {(time_t)slice, (long)((slice - floor(slice)) * 1e9)};
        nanosleep(&ts, NULL);
    }
    return V_NONE;
}

/* ---- calendar ---------------------------------------------------------------------- */

static Value tm_to_tuple(Interp *I, const struct tm *t) {
    int wday = (t->tm_wday + 6) % 7; /* Python: Monday is 0 */
    Tuple *r = tuple_pack(I, 9, v_int(t->tm_year + 1900), v_int(t->tm_mon + 1), v_int(t->tm_mday),
                          v_int(t->tm_hour), v_int(t->tm_min), v_int(t->tm_sec), v_int(wday),
                          v_int(t->tm_yday + 1), v_int(t->tm_isdst));
    if (!r) return V_NULL;
    /* the module's struct_time class, when the time module is where import put it */
    Str *mname = str_intern_cstr(I, "time"), *cname = str_intern_cstr(I, "struct_time");
    Value mod = mname ? dict_get_str(I->modules, mname) : V_NULL;
    if (!cname || is_null(mod) || !is_obj(mod) || as_obj(mod)->type != I->types[TY_MODULE])
        return v_obj(r);
    Value cls = dict_get_str(((Module *)as_obj(mod))->dict, cname);
    if (is_null(cls) || !is_obj(cls) || as_obj(cls)->type != I->types[TY_TYPE]) return v_obj(r);
    size_t mark = gc_temp_mark(I);
    if (!gc_temp_push(I, v_obj(r))) return V_NULL;
    Value st = structseq_make(I, (Type *)as_obj(cls), r->items, 9);
    gc_temp_reset(I, mark);
    return st;
}

static bool secs_arg(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, time_t *out) {
    if (!arg_no_kw(I, fname, kw) || !arg_count(I, fname, argc, 0, 1)) return false;
    if (argc == 0 || is_none(argv[0])) {
        *out = time(NULL);
        return true;
    }
    double d;
    if (!num_to_double(I, argv[0], &d)) return false;
    if (isnan(d)) {
        err_format(I, TY_VALUE_ERROR, "Invalid value NaN (not a number)");
        return false;
    }
    if (!(d > -9.2e18 && d < 9.2e18)) {
        err_format(I, TY_OVERFLOW_ERROR, "timestamp out of range for platform time_t");
        return false;
    }
    *out = (time_t)(d < 0 ? ceil(d) : floor(d));
    return true;
}

static Value time_localtime(Interp *I, int argc, Value *argv, Tuple *kw) {
    time_t t;
    struct tm tm;
    if (!secs_arg(I, "localtime", argc, argv, kw, &t)) return V_NULL;
    if (!localtime_r(&t, &tm)) return err_format(I, TY_OVERFLOW_ERROR, "timestamp out of range");
    return tm_to_tuple(I, &tm);
}

static Value time_gmtime(Interp *I, int argc, Value *argv, Tuple *kw) {
    time_t t;
    struct tm tm;
    if (!secs_arg(I, "gmtime", argc, argv, kw, &t)) return V_NULL;
    if (!gmtime_r(&t, &tm)) return err_format(I, TY_OVERFLOW_ERROR, "timestamp out of range");
    return tm_to_tuple(I, &tm);
}

/* A 9-tuple (or struct_time) as struct tm, with CPython's range checks. */
static bool tuple_to_tm(Interp *I, const char *fname, Value v, struct tm *t) {
    if (!is_instance(I, v, I->types[TY_TUPLE])) {
        err_format(I, TY_TYPE_ERROR, "Tuple or struct_time argument required");
        return false;
    }
    Tuple *tp = as_tuple(v);
    if (tp->len != 9) {
        err_format(I, TY_TYPE_ERROR, "%s(): illegal time tuple argument", fname);
        return false;
    }
    int64_t f[9];
    for (int i = 0; i < 9; i++)
        if (obj_index(I, tp->items[i], &f[i]) < 0) return false;
    memset(t, 0, sizeof *t);
    t->tm_year = (int)(f[0] - 1900);
    t->tm_mon = (int)f[1] - 1;
    t->tm_mday = (int)f[2];
    t->tm_hour = (int)f[3];
    t->tm_min = (int)f[4];
    t->tm_sec = (int)f[5];
    t->tm_wday = (int)((f[6] + 1) % 7);
    t->tm_yday = (int)f[7] - 1;
    t->tm_isdst = (int)f[8];
    /* CPython's checktm, with its clamping of zero month/day/yday */
    if (t->tm_mon == -1) t->tm_mon = 0;
    if (t->tm_mday == 0) t->tm_mday = 1;
    if (t->tm_yday == -1) t->tm_yday = 0;
    const char *bad = NULL;
    if (t->tm_mon < 0 || t->tm_mon > 11)
        bad = "month out of range";
    else if (t->tm_mday < 0 || t->tm_mday > 31)
        bad = "day of month out of range";
    else if (t->tm_hour < 0 || t->tm_hour > 23)
        bad = "hour out of range";
    else if (t->tm_min < 0 || t->tm_min > 59)
        bad = "minute out of range";
    else if (t->tm_sec < 0 || t->tm_sec > 61)
        bad = "seconds out of range";
    else if (f[6] < 0)
        bad = "day of week out of range";
    else if (t->tm_yday < 0 || t->tm_yday > 365)
        bad = "day of year out of range";
    if (bad) {
        err_format(I, TY_VALUE_ERROR, "%s", bad);
        return false;
    }
    return true;
}

static Value time_strftime(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "strftime", kw) || !arg_count(I, "strftime", argc, 1, 2)) return V_NULL;
    if (!is_str(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "strftime() argument 1 must be str, not %s",
                          type_name(I, argv[0]));
    struct tm t;
    if (argc == 2) {
        if (!tuple_to_tm(I, "strftime", argv[1], &t)) return V_NULL;
    } else {
        time_t now = time(NULL);
        localtime_r(&now, &t);
    }
    Str *fmt = as_str(argv[0]);
    if (fmt->len == 0) return v_obj(I->empty_str);
    size_t cap = fmt->len * 4 + 64;
    for (int tries = 0; tries < 8; tries++, cap *= 4) {
        char *buf = mem_alloc(I, cap);
        if (!buf) return V_NULL;
        size_t n = strftime(buf, cap, fmt->data, &t);
        if (n > 0 || tries == 7) {
            bool bad_utf8 = utf8_validate(buf, n) >= 0;
            Str *r = bad_utf8 ? NULL : str_new(I, buf, n);
            mem_free(I, buf, cap);
            if (bad_utf8) return err_format(I, TY_VALUE_ERROR, "strftime produced invalid UTF-8");
            return r ? v_obj(r) : V_NULL;
        }
        mem_free(I, buf, cap);
    }
    return v_obj(I->empty_str);
}

static Value format_asctime(Interp *I, const struct tm *t) {
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    Str *s =
        str_printf(I, "%s %s%3d %.2d:%.2d:%.2d %d", days[t->tm_wday % 7], months[t->tm_mon % 12],
                   t->tm_mday, t->tm_hour, t->tm_min, t->tm_sec, 1900 + t->tm_year);
    return s ? v_obj(s) : V_NULL;
}

static Value time_asctime(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "asctime", kw) || !arg_count(I, "asctime", argc, 0, 1)) return V_NULL;
    struct tm t;
    if (argc == 1) {
        if (!tuple_to_tm(I, "asctime", argv[0], &t)) return V_NULL;
    } else {
        time_t now = time(NULL);
        localtime_r(&now, &t);
    }
    return format_asctime(I, &t);
}

static Value time_ctime(Interp *I, int argc, Value *argv, Tuple *kw) {
    time_t secs;
    struct tm t;
    if (!secs_arg(I, "ctime", argc, argv, kw, &secs)) return V_NULL;
    if (!localtime_r(&secs, &t)) return err_format(I, TY_OVERFLOW_ERROR, "timestamp out of range");
    return format_asctime(I, &t);
}

static Value time_mktime(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "mktime", kw) || !arg_count(I, "mktime", argc, 1, 1)) return V_NULL;
    struct tm t;
    if (!tuple_to_tm(I, "mktime", argv[0], &t)) return V_NULL;
    t.tm_wday = -1;
    time_t r = mktime(&t);
    if (r == (time_t)-1 && t.tm_wday == -1)
        return err_format(I, TY_OVERFLOW_ERROR, "mktime argument out of range");
    return v_float((double)r);
}

static const MethodDef time_functions[] = {
    {"time", time_time, 0},
    {"time_ns", time_time_ns, 0},
    {"perf_counter", time_perf_counter, 0},
    {"perf_counter_ns", time_perf_counter_ns, 0},
    {"monotonic", time_monotonic, 0},
    {"monotonic_ns", time_monotonic_ns, 0},
    {"process_time", time_process_time, 0},
    {"process_time_ns", time_process_time_ns, 0},
    {"thread_time", time_thread_time, 0},
    {"thread_time_ns", time_thread_time_ns, 0},
    {"sleep", time_sleep, 0},
    {"localtime", time_localtime, 0},
    {"gmtime", time_gmtime, 0},
    {"strftime", time_strftime, 0},
    {"asctime", time_asctime, 0},
    {"ctime", time_ctime, 0},
    {"mktime", time_mktime, 0},
    {NULL, NULL, 0},
};

Module *time_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "time");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, time_functions) < 0) return NULL;
    tzset();
    Str *std = str_from_cstr(I, tzname[0]), *dst = str_from_cstr(I, tzname[1]);
    Tuple *tzn = std && dst ? tuple_pack(I, 2, v_obj(std), v_obj(dst)) : NULL;
    if (!tzn || module_set(I, m, "tzname", v_obj(tzn)) < 0 ||
        module_set(I, m, "timezone", v_int(timezone)) < 0 ||
        module_set(I, m, "daylight", v_int(daylight)) < 0)
        return NULL;
    static const char *const st_fields[] = {"tm_year", "tm_mon",  "tm_mday", "tm_hour",  "tm_min",
                                            "tm_sec",  "tm_wday", "tm_yday", "tm_isdst", NULL};
    Type *st = structseq_new_type(I, "struct_time", "time", st_fields);
    if (!st || module_set(I, m, "struct_time", v_obj(st)) < 0) return NULL;
    return m;
}
