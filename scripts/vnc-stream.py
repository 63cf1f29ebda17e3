#!/usr/bin/env python3
"""A VNC client that keeps asking for updates, for measuring what a watching client costs the
kiosk (scripts/bench-idle). RFB 3.8 (3.3/3.7 too), no authentication, the server's pixel format.
After each update it asks for the next (incremental), as viewers do, so an update is always
pending. Encodings: raw (no work for the server but copying) or zrle (zlib: what TigerVNC and most
viewers ask for; the server compresses every update). Prints updates, rectangles and bytes.

With --click X,Y it only presses and releases the left button there, and exits.

Usage: vnc-stream.py HOST:PORT [--seconds S] [--encoding raw|zrle] [--connect-timeout S] [--click X,Y]
"""
import argparse, socket, struct, sys, time

def recv_exact(s, n):
    buf = bytearray()
    while len(buf) < n:
        chunk = s.recv(min(n - len(buf), 1 << 20))
        if not chunk: raise EOFError('server closed the connection')
        buf += chunk
    return bytes(buf)

def skip(s, n):
    while n > 0:
        chunk = s.recv(min(n, 1 << 20))
        if not chunk: raise EOFError('server closed the connection')
        n -= len(chunk)

def handshake(s, encoding):
    version = recv_exact(s, 12)
    if not version.startswith(b'RFB '): raise RuntimeError(f'not an RFB server: {version!r}')
    minor = int(version[8:11])
    s.sendall(b'RFB 003.008\n' if minor >= 8 else version)
    if minor >= 7:
        n = recv_exact(s, 1)[0]
        if n == 0: raise RuntimeError('server refused: ' + recv_exact(s, struct.unpack('!I', recv_exact(s, 4))[0]).decode(errors='replace'))
        types = recv_exact(s, n)
        if 1 not in types: raise RuntimeError(f'server wants authentication (security types {list(types)})')
        s.sendall(b'\x01')
    else:
        if struct.unpack('!I', recv_exact(s, 4))[0] != 1: raise RuntimeError('server wants authentication')
    if minor >= 8 and struct.unpack('!I', recv_exact(s, 4))[0] != 0: raise RuntimeError('security handshake failed')
    s.sendall(b'\x01')                                          # ClientInit: shared
    w, h = struct.unpack('!HH', recv_exact(s, 4))
    pf = recv_exact(s, 16)
    recv_exact(s, struct.unpack('!I', recv_exact(s, 4))[0])     # the desktop name
    bpp = pf[0] // 8
    codes = {'raw': [0], 'zrle': [16, 0]}[encoding]
    s.sendall(struct.pack('!BxH', 2, len(codes)) + b''.join(struct.pack('!i', c) for c in codes))
    return w, h, bpp

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('server'); ap.add_argument('--seconds', type=float, default=30)
    ap.add_argument('--encoding', choices=['raw', 'zrle'], default='raw')
    ap.add_argument('--connect-timeout', type=float, default=30)
    ap.add_argument('--click', help='X,Y: press and release the left button there, then exit')
    a = ap.parse_args()
    host, port = a.server.rsplit(':', 1)
    end = time.time() + a.connect_timeout
    while True:
        try:
            s = socket.create_connection((host, int(port)), timeout=5); break
        except OSError:
            if time.time() > end: raise
            time.sleep(0.1)
    s.settimeout(10)
    w, h, bpp = handshake(s, a.encoding)
    if a.click:
        x, y = (int(v) for v in a.click.split(','))
        s.sendall(struct.pack('!BBHH', 5, 0, x, y) + struct.pack('!BBHH', 5, 1, x, y) + struct.pack('!BBHH', 5, 0, x, y))
        time.sleep(0.2)
        s.close()
        return
    request = lambda incremental: s.sendall(struct.pack('!BBHHHH', 3, incremental, 0, 0, w, h))
    request(0)
    t0 = time.time(); updates = rects = nbytes = 0
    try:
        while time.time() - t0 < a.seconds:
            kind = recv_exact(s, 1)[0]
            if kind == 0:                                       # FramebufferUpdate
                n = struct.unpack('!xH', recv_exact(s, 3))[0]
                request(1)                                      # the next one is pending while this is read
                for _ in range(n):
                    x, y, rw, rh, enc = struct.unpack('!HHHHi', recv_exact(s, 12))
                    if enc == 0: size = rw * rh * bpp; skip(s, size)
                    elif enc == 16: size = struct.unpack('!I', recv_exact(s, 4))[0]; skip(s, size)
                    elif enc == -224: break                     # LastRect
                    elif enc == -223: w, h = rw, rh; size = 0   # DesktopSize
                    else: raise RuntimeError(f'unexpected encoding {enc}')
                    rects += 1; nbytes += size
                updates += 1
            elif kind == 2: pass                                # Bell
            elif kind == 3:                                     # ServerCutText
                recv_exact(s, 3); skip(s, struct.unpack('!I', recv_exact(s, 4))[0])
            else: raise RuntimeError(f'unexpected server message {kind}')
    except (EOFError, ConnectionResetError, socket.timeout) as e:
        print(f'vnc-stream: {e}', file=sys.stderr)
    dt = max(time.time() - t0, 1e-9)
    print(f'vnc-stream: {a.encoding} {w}x{h}: {updates} updates ({updates / dt:.1f}/s), {rects} rectangles, '
          f'{nbytes / 1e3:.0f} kB ({nbytes / 1e3 / dt:.0f} kB/s) in {dt:.1f} s')

if __name__ == '__main__':
    main()
