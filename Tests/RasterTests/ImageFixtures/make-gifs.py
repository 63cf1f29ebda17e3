#!/usr/bin/env python3
# The GIF fixtures of GIFDecodingTests, written byte by byte (no imaging library: every block is
# what the tests expect). LZW is written "uncompressed": a clear code before every 4 literal
# codes, so the code width stays 4 bits (minimum code size 3) under any decoder; 32-byte data
# sub-blocks, each 64 codes (51 pixels and a bit).
#   python3 make-gifs.py      (writes animated.gif, still.gif, no-colour-table.gif here)
import os, struct

here = os.path.dirname(os.path.abspath(__file__))
WHITE, RED, GREEN, BLUE, YELLOW, BLACK, MAGENTA, CYAN = range(8)
PALETTE = [(255, 255, 255), (255, 0, 0), (0, 200, 0), (0, 0, 255), (255, 230, 0), (0, 0, 0), (255, 0, 255), (0, 255, 255)]

def table(colours):
    out = b"".join(bytes(c) for c in colours)
    return out + b"\0" * (3 * 8 - len(out))        # always 8 entries (size bits 2)

def lzw(indices):
    m = 3
    clear, eoi, width = 1 << m, (1 << m) + 1, m + 1
    codes = []
    for i in range(0, len(indices), 4):
        codes.append(clear)
        codes += indices[i:i + 4]
    codes.append(eoi)
    bits, n, out = 0, 0, bytearray()
    for c in codes:
        bits |= c << n; n += width
        while n >= 8:
            out.append(bits & 255); bits >>= 8; n -= 8
    if n: out.append(bits & 255)
    data = bytes([m])
    # Sub-blocks of 32 bytes (GIF allows up to 255): a file cut short keeps whole ones.
    for i in range(0, len(out), 32):
        chunk = out[i:i + 32]
        data += bytes([len(chunk)]) + chunk
    return data + b"\0"

def gcb(disposal, delay_cs, transparent=None):
    packed = disposal << 2 | (1 if transparent is not None else 0)
    return b"\x21\xf9\x04" + bytes([packed]) + struct.pack("<H", delay_cs) + bytes([transparent or 0]) + b"\0"

def image(left, top, w, h, pixel, local=None, interlace=False):
    rows = [[pixel(x, y) for x in range(w)] for y in range(h)]
    order = list(range(h))
    if interlace:
        order = list(range(0, h, 8)) + list(range(4, h, 8)) + list(range(2, h, 4)) + list(range(1, h, 2))
    indices = [i for y in order for i in rows[y]]
    packed = (0x80 | 2 if local else 0) | (0x40 if interlace else 0)
    out = b"\x2c" + struct.pack("<HHHH", left, top, w, h) + bytes([packed])
    if local: out += table(local)
    return out + lzw(indices)

def gif(w, h, blocks, loop=None, global_table=True):
    out = b"GIF89a" + struct.pack("<HH", w, h) + bytes([0xF2 if global_table else 0x70, 0, 0])
    if global_table: out += table(PALETTE)
    if loop is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\0"
    return out + b"".join(blocks) + b"\x3b"

# 24×16, five frames: every disposal, transparency, offsets, interlacing, a local colour table,
# delays 10, 0 and 1 (both shown 100 ms), 50 and 2 centiseconds; NETSCAPE loop 2 (three plays).
animated = gif(24, 16, [
    gcb(1, 10), image(0, 0, 24, 16, lambda x, y: BLUE),
    # A red square with a transparent 4×4 hole (index 7 transparent); disposal 2 clears it after.
    gcb(2, 0, transparent=CYAN), image(2, 2, 8, 8, lambda x, y: CYAN if 2 <= x < 6 and 2 <= y < 6 else RED),
    # Green, drawn over the cleared canvas; disposal 3 puts back the canvas from before it.
    gcb(3, 1), image(12, 4, 8, 8, lambda x, y: GREEN),
    # A yellow stripe along the bottom, interlaced (rows come 0, 8… 4… 2, 6… 1, 3…): a
    # white line on its rows 1 and 4 shows the order was undone.
    gcb(1, 50), image(0, 10, 24, 6, lambda x, y: WHITE if y in (1, 4) else YELLOW, interlace=True),
    # A magenta square from its own colour table, top right.
    gcb(1, 2), image(16, 0, 8, 8, lambda x, y: 0, local=[(255, 0, 255)]),
], loop=2)
open(os.path.join(here, "animated.gif"), "wb").write(animated)

# One 12×8 image, red left and blue right, with no NETSCAPE block (plays once).
still = gif(12, 8, [image(0, 0, 12, 8, lambda x, y: RED if x < 6 else BLUE)])
open(os.path.join(here, "still.gif"), "wb").write(still)

# An image with no colour table at all (neither global nor local).
open(os.path.join(here, "no-colour-table.gif"), "wb").write(gif(4, 4, [image(0, 0, 4, 4, lambda x, y: 1)], global_table=False))
