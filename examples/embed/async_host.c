/* async_host.c: a host with its own event loop (poll) that also drives krait's asyncio
 * loop: the script starts tasks (timers, a blocking call on libuv's thread pool), and the
 * host waits on krait's fd beside its own work (a heartbeat every 25 ms), stepping krait
 * whenever the fd is ready or its timeout runs out (docs/ASYNC.md, krait.h kr_loop_*).
 *
 *   async_host            prints the tasks' lines interleaved with the host's heartbeats */
#include <poll.h>
#include <stdio.h>
#include <time.h>

#include "krait.h"

static const char *script =
    "import asyncio, time\n"
    "async def worker(name, n, d):\n"
    "    for i in range(n):\n"
    "        await asyncio.sleep(d)\n"
    "        print('  script:', name, i, flush=True)\n"
    "async def blocking():\n"
    "    await asyncio.to_thread(time.sleep, 0.06)\n"
    "    print('  script: the pool sleep is over', flush=True)\n"
    "loop = asyncio.get_event_loop()\n"
    "for t in (worker('fast', 4, 0.02), worker('slow', 2, 0.05), blocking()):\n"
    "    loop.create_task(t)\n";

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void) {
    kr_interp *I = kr_new(NULL);
    if (!I || kr_run_string(I, script, "<script>") != KR_OK) {
        if (I) kr_print_error(I);
        return 1;
    }
    int fd = kr_loop_fd(I);
    if (fd < 0) {
        fprintf(stderr, "this krait has no event loop (built without libuv)\n");
        return 1;
    }
    double start = now_ms(), next_beat = start + 25;
    int beats = 0, rc;
    while ((rc = kr_loop_step(I)) == 1) {
        int ms = kr_loop_timeout(I); /* -1: only the fd */
        int until_beat = (int)(next_beat - now_ms());
        if (until_beat < 0) until_beat = 0;
        if (ms < 0 || ms > until_beat) ms = until_beat;
        struct pollfd p = {fd, POLLIN, 0};
        poll(&p, 1, ms); /* the host's own fds would go in this set too */
        if (now_ms() >= next_beat) {
            printf("host: heartbeat %d at %.0f ms\n", ++beats, now_ms() - start);
            next_beat += 25;
        }
    }
    if (rc < 0) {
        kr_print_error(I);
        kr_free(I);
        return 1;
    }
    printf("host: krait's loop is idle after %.0f ms, %d heartbeats\n", now_ms() - start, beats);
    kr_free(I);
    return 0;
}
