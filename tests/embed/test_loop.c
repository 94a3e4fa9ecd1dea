/* test_loop.c: the host drives krait's event loop (kr_loop_fd/_timeout/_step/_run) from its
 * own poll() loop: tasks started by a script finish while the host polls, timers and a
 * thread-pool job wake the fd, an exception in a task reaches the host, asyncio.run still
 * works after, a child process's pipes keep kr_loop_run going, and the sandbox refuses
 * processes and sockets. */
#include <poll.h>
#include <string.h>

#include "embed_test.h"
#include "krait.h"

static const char *setup = "import asyncio, time\n"
                           "log = []\n"
                           "async def ticker(name, n, d):\n"
                           "    for i in range(n):\n"
                           "        log.append('%s%d' % (name, i))\n"
                           "        await asyncio.sleep(d)\n"
                           "    return name\n"
                           "async def pool():\n"
                           "    await asyncio.to_thread(time.sleep, 0.03)\n"
                           "    log.append('pool')\n"
                           "loop = asyncio.get_event_loop()\n"
                           "t1 = loop.create_task(ticker('a', 3, 0.01))\n"
                           "t2 = loop.create_task(ticker('b', 2, 0.015))\n"
                           "t3 = loop.create_task(pool())\n";

int main(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    CHECK(kr_run_string(I, setup, "<setup>") == KR_OK);
    int fd = kr_loop_fd(I);
    CHECK(fd >= 0);
    int steps = 0, waits = 0, more;
    while ((more = kr_loop_step(I)) == 1) {
        steps++;
        CHECK(steps < 10000);
        int ms = kr_loop_timeout(I);
        CHECK(ms >= -1);
        if (ms != 0) {
            struct pollfd p = {fd, POLLIN, 0};
            waits++;
            CHECK(poll(&p, 1, ms < 0 || ms > 1000 ? 1000 : ms) >= 0);
        }
    }
    CHECK(more == 0);
    CHECK(waits > 0); /* the host slept on the fd, not spun */
    CHECK(kr_run_string(I,
                        "assert t1.result() == 'a' and t2.result() == 'b', (t1, t2)\n"
                        "assert sorted(log) == ['a0', 'a1', 'a2', 'b0', 'b1', 'pool'], log\n"
                        "assert log[:2] == ['a0', 'b0'], log\n",
                        "<check>") == KR_OK);
    /* idle: a step does nothing and says so */
    CHECK(kr_loop_step(I) == 0);
    /* kr_loop_run: until idle, waiting inside */
    CHECK(kr_run_string(I,
                        "done = []\n"
                        "async def later():\n"
                        "    await asyncio.sleep(0.02)\n"
                        "    done.append(1)\n"
                        "t4 = asyncio.get_event_loop().create_task(later())\n",
                        "<more>") == KR_OK);
    CHECK(kr_loop_run(I) == KR_OK);
    CHECK(kr_run_string(I, "assert done == [1] and t4.done()\n", "<check2>") == KR_OK);
    /* a task's exception stays in its task; a failing callback is reported, not raised */
    CHECK(kr_run_string(I,
                        "async def bad():\n"
                        "    raise ValueError('in a task')\n"
                        "t5 = asyncio.get_event_loop().create_task(bad())\n",
                        "<bad>") == KR_OK);
    CHECK(kr_loop_run(I) == KR_OK);
    CHECK(kr_run_string(I, "assert isinstance(t5.exception(), ValueError)\n", "<c3>") == KR_OK);
    /* KeyboardInterrupt / SystemExit escape the step to the host */
    CHECK(kr_run_string(I,
                        "async def quit():\n"
                        "    raise SystemExit(3)\n"
                        "asyncio.get_event_loop().create_task(quit())\n",
                        "<quit>") == KR_OK);
    int rc = kr_loop_run(I);
    CHECK(rc == KR_EXIT);
    CHECK(kr_exit_code(I) == 3);
    /* asyncio.run still works beside the host's loop */
    CHECK(kr_run_string(I, "assert asyncio.run(ticker('c', 1, 0)) == 'c'\n", "<run>") == KR_OK);
    /* a child process's pipes and exit are loop work too: kr_loop_run waits for them */
    CHECK(kr_run_string(
              I,
              "out = []\n"
              "async def child():\n"
              "    p = await asyncio.create_subprocess_exec('echo', 'hi',\n"
              "                                             stdout=asyncio.subprocess.PIPE)\n"
              "    out.append(await p.communicate())\n"
              "    out.append(p.returncode)\n"
              "t6 = asyncio.get_event_loop().create_task(child())\n",
              "<child>") == KR_OK);
    CHECK(kr_loop_run(I) == KR_OK);
    CHECK(kr_run_string(I, "assert out == [(b'hi\\n', None), 0], out\n", "<c4>") == KR_OK);
    kr_free(I);
    /* the sandbox refuses processes and sockets */
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = 1;
    I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I,
                        "import asyncio\n"
                        "async def main():\n"
                        "    for f in (lambda: asyncio.create_subprocess_exec('true'),\n"
                        "              lambda: asyncio.open_connection('127.0.0.1', 1),\n"
                        "              lambda: asyncio.start_server(print, '127.0.0.1', 0)):\n"
                        "        try:\n"
                        "            await f()\n"
                        "        except PermissionError as e:\n"
                        "            assert 'sandbox' in str(e), e\n"
                        "        else:\n"
                        "            raise AssertionError('allowed in the sandbox')\n"
                        "asyncio.run(main())\n",
                        "<sandbox>") == KR_OK);
    kr_free(I);
    printf("test_loop: ok (%d steps, %d waits)\n", steps, waits);
    return 0;
}
