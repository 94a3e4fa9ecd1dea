# krait-test: no-gc-stress
# asyncio TCP streams on loopback (issue 13): start_server / open_connection, an echo server
# with several clients at once, 3 MB each way with drain (flow control), write_eof
# (half-close), readexactly/readuntil, refused connections, a port in use, Server's close /
# wait_closed / serve_forever / async with.
import asyncio

log = []


async def echo(reader, writer):
    host = writer.get_extra_info("peername")[0]
    log.append("connected from " + host)
    async for line in reader:
        if line.startswith(b"BIG "):
            data = await reader.readexactly(int(line[4:]))
            writer.write(b"got %d bytes, %d x\n" % (len(data), data.count(b"x")))
            writer.write(data)  # back again: both directions carry 3 MB
            await writer.drain()
            continue
        writer.write(line.upper())
        await writer.drain()
    writer.write(b"bye\n")  # after the client's write_eof: the half still open
    await writer.drain()
    writer.close()
    await writer.wait_closed()


async def client(port, name, n):
    r, w = await asyncio.open_connection("127.0.0.1", port)
    replies = []
    for i in range(n):
        w.write(b"%s %d\n" % (name, i))
        await w.drain()
        replies.append(await r.readline())
    w.write_eof()
    replies.append(await r.read())
    w.close()
    await w.wait_closed()
    return replies


async def main():
    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    print("serving:", server.is_serving(), server.sockets[0].getsockname()[0], 0 < port < 65536)
    print(await asyncio.gather(client(port, b"a", 3), client(port, b"b", 2), client(port, b"c", 1)))
    print(sorted(log))

    r, w = await asyncio.open_connection("127.0.0.1", port)
    print("client extra:", w.get_extra_info("peername") == ("127.0.0.1", port),
          w.get_extra_info("sockname")[0], w.can_write_eof(), w.is_closing())
    big = b"x" * 3000000
    w.write(b"BIG %d\n" % len(big))
    w.write(big)
    await w.drain()
    print(await r.readline())
    back = await r.readexactly(len(big))
    print("echoed back:", len(back), back == big)
    w.write(b"one;two;three")
    w.write_eof()
    print(await r.readuntil(b";"), await r.readuntil(b";"))
    try:
        await r.readuntil(b";")
    except asyncio.IncompleteReadError as e:
        print("IncompleteReadError:", e.partial, e.expected)
    print("at_eof:", r.at_eof(), await r.read())
    w.close()
    print("closing:", w.is_closing())
    await w.wait_closed()

    try:
        await asyncio.open_connection("127.0.0.1", 1)
    except ConnectionRefusedError as e:
        print(type(e).__name__, e.errno, isinstance(e, ConnectionError), isinstance(e, OSError))
    try:
        await asyncio.start_server(echo, "127.0.0.1", port)
    except OSError as e:
        print("in use:", e.errno, "error while attempting to bind" in str(e))

    server.close()
    print("closed:", server.is_serving(), server.sockets)
    await server.wait_closed()
    await server.wait_closed()  # again: returns at once
    try:
        await asyncio.open_connection("127.0.0.1", port)
    except ConnectionRefusedError:
        print("refused after close")

    # serve_forever until cancelled; async with closes the server
    async def hello(reader, writer):
        writer.write(b"hello\n")
        await writer.drain()
        writer.close()

    async with await asyncio.start_server(hello, "127.0.0.1", 0) as srv:
        p = srv.sockets[0].getsockname()[1]
        task = asyncio.create_task(srv.serve_forever())
        r, w = await asyncio.open_connection("127.0.0.1", p)
        print(await r.read())
        w.close()
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            print("serve_forever cancelled, serving:", srv.is_serving())
    print("after async with:", srv.sockets)


asyncio.run(main())
