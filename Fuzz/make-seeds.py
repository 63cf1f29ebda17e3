#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/corpus/TARGET/ (checked in; rerun only to change them).

Each seed starts with the bytes the harness reads first (a mode byte, FuzzInput's
little-endian numbers), so the fuzzer begins from inputs that reach deep code. The font seeds
are subsets of DejaVu Sans made with fontTools' pyftsubset (PyPI `fonttools`, a tool only).
"""
import os, struct, subprocess, sys, tempfile, zlib

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

def put(target, name, data):
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

# --- evdev -------------------------------------------------------------------------------------
def ev(t, c, v, time=0.0):
    sec = int(time); usec = int((time - sec) * 1e6)
    return struct.pack("<qqHHi", sec, usec, t, c, v)

def dbl(v):       # FuzzInput.double(), kind 8: Int16 / 16
    return bytes([8]) + struct.pack("<h", int(v * 16))

def evdev_header(proto, raw):
    h = struct.pack("<H", proto) + bytes([10]) + struct.pack("<H", 1) + struct.pack("<H", 0)
    h += struct.pack("<iiii", 0, 4095, 0, 4095)
    h += dbl(1) + dbl(0) + dbl(0) + dbl(0) + dbl(1) + dbl(0)
    h += bytes([0, 0, 0]) + struct.pack("<HH", 799, 479) + bytes([1 if raw else 0])
    return h

SYN, KEY, ABS = 0, 1, 3
mt_tap = (ev(ABS, 0x2f, 0) + ev(ABS, 0x39, 7) + ev(ABS, 0x35, 100) + ev(ABS, 0x36, 200) + ev(SYN, 0, 0, 0.01) +
          ev(ABS, 0x2f, 1) + ev(ABS, 0x39, 8) + ev(ABS, 0x35, 300) + ev(SYN, 0, 0, 0.02) +
          ev(ABS, 0x2f, 0) + ev(ABS, 0x39, -1) + ev(SYN, 0, 0, 0.03) + ev(ABS, 0x2f, 1) + ev(ABS, 0x39, -1) + ev(SYN, 0, 0, 0.04))
put("fuzz-evdev", "mt-two-fingers", evdev_header(0, True) + mt_tap)
put("fuzz-evdev", "single-touch", evdev_header(1, True) + ev(KEY, 0x14a, 1) + ev(ABS, 0, 10) + ev(ABS, 1, 20) + ev(SYN, 0, 0) +
    ev(ABS, 0, 30) + ev(SYN, 0, 0) + ev(KEY, 0x14a, 0) + ev(SYN, 0, 0))
put("fuzz-evdev", "pointer-dropped", evdev_header(2, True) + ev(KEY, 0x110, 1) + ev(SYN, 0, 0) + ev(SYN, 3, 0) * 5 +
    ev(ABS, 0, 9) + ev(SYN, 0, 0) + ev(KEY, 0x110, 0) + ev(SYN, 0, 0))
# Compact triples (type index, code index, value byte): slot out of range, no SYN_REPORT.
put("fuzz-evdev", "compact-slots", evdev_header(0, False) + bytes([1, 0, 0x7f, 1, 1, 9, 1, 2, 50, 0, 8, 8, 1, 0, 200, 0, 9, 8, 0, 8, 8]))
put("fuzz-evdev", "min-over-max", struct.pack("<H", 1) + bytes([1]) + b"\0\0\0\0" + struct.pack("<iiii", 4095, 0, 10, 10) +
    dbl(1) + dbl(0) + dbl(0) + dbl(0) + dbl(1) + dbl(0) + bytes([1, 1, 1]) + struct.pack("<HH", 99, 99) + bytes([1]) +
    ev(KEY, 0x14a, 1) + ev(ABS, 0, 5000) + ev(SYN, 0, 0) + ev(KEY, 0x14a, 0) + ev(SYN, 0, 0))

# --- png ---------------------------------------------------------------------------------------
def chunk(t, data, crc=None):
    c = zlib.crc32(t + data) if crc is None else crc
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", c & 0xffffffff)

def png(w, h, depth, ctype, rows, interlace=0, extra=b"", bad_crc=False):
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace)
    raw = b"".join(b"\0" + r for r in rows)
    idat = zlib.compress(raw)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra +
            chunk(b"IDAT", idat, crc=0x12345678 if bad_crc else None) + chunk(b"IEND", b""))

rgba = [bytes([255, 0, 0, 255, 0, 255, 0, 128]), bytes([0, 0, 255, 0, 255, 255, 255, 255])]
put("fuzz-png", "rgba-2x2.png", b"\0" + png(2, 2, 8, 6, rgba))
put("fuzz-png", "palette-trns-4x2.png", b"\0" + png(4, 2, 4, 3, [bytes([0x01, 0x23]), bytes([0x32, 0x10])],
    extra=chunk(b"PLTE", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([0, 128]))))
put("fuzz-png", "gray16-3x1.png", b"\0" + png(3, 1, 16, 0, [struct.pack(">HHH", 0, 0x8000, 0xffff)]))
put("fuzz-png", "rgb16-1x1.png", b"\0" + png(1, 1, 16, 2, [struct.pack(">HHH", 1, 2, 65535)]))
put("fuzz-png", "grayalpha-2x1.png", b"\0" + png(2, 1, 8, 4, [bytes([10, 20, 200, 255])]))
# Adam7: a 3×3 RGB image's passes are 1×1, 0, 1×1, 0… (pass sizes from the spec's grid).
def adam7_rows(w, h, bpp, pixel):
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    rows = []
    for x0, y0, dx, dy in passes:
        pw = (w - x0 + dx - 1) // dx if w > x0 else 0
        ph = (h - y0 + dy - 1) // dy if h > y0 else 0
        if pw == 0 or ph == 0: continue
        for j in range(ph):
            y = y0 + j * dy
            rows.append(b"".join(pixel(x0 + i * dx, y) for i in range(pw)))
    return rows
put("fuzz-png", "interlaced-5x5.png", b"\0" + png(5, 5, 8, 2, adam7_rows(5, 5, 3, lambda x, y: bytes([x * 50, y * 50, 128])), interlace=1))
put("fuzz-png", "truncated.png", b"\0" + png(2, 2, 8, 6, rgba)[:40])
put("fuzz-png", "bad-crc.png", b"\0" + png(2, 2, 8, 6, rgba, bad_crc=True))
put("fuzz-png", "huge-header.png", b"\0" + png(100000, 100000, 8, 6, rgba))
put("fuzz-png", "zero-size.png", b"\0" + png(0, 0, 8, 6, []))
put("fuzz-png", "ppm-2x2", b"\2" + b"P6\n# comment\n2 2\n255\n" + bytes(range(12)))
# APNG writer: mode 3, w=3, h=2 (u16 each), fps 30, 3 frames, then pixel bytes.
put("fuzz-png", "apng-3x2", b"\3" + struct.pack("<HHhH", 3, 2, 30, 2) + bytes(range(12)) * 2 + b"\xee" + bytes(range(200, 212)) * 2 + b"\0" + bytes(24))

# --- text --------------------------------------------------------------------------------------
def text_ops(ops):  # (kind, pick) pairs, kind ≥ 0xE0 repeats
    return b"".join(bytes([k]) + struct.pack("<H", p) + (struct.pack("<H", n) if k & 0xE0 == 0xE0 else b"") for k, p, n in ops)

# fuzz-text and fuzz-text-long: a mode byte (0: DejaVu Sans regular; bit 3 is ignored, it chose long text when one target did both), the size double, layout options, then ops. Options: maxWidth nil, lineLimit
# nil, alignment, lineSpacing, truncation, no transform, origin (2, 16).
opts = b"\1\1\0\0" + dbl(0) + b"\1\0" + dbl(2) + dbl(16)
wrap = b"\0" + dbl(30) + b"\0\2" + b"\1\0" + dbl(-3) + b"\1\1" + dbl(1) + dbl(0.25) + dbl(0) + dbl(1) + dbl(-4) + dbl(12)
put("fuzz-text", "latin", b"\0" + dbl(14) + opts + text_ops([(0, 40, 0), (0, 70, 0), (0, 0, 0), (0, 80, 0)]))
put("fuzz-text", "combining-storm", b"\x08" + dbl(12) + wrap + text_ops([(0, 33, 0), (0xE2, 1, 9999)]))
put("fuzz-text", "bidi-mixed", b"\0" + dbl(16) + wrap + text_ops([(5, 3, 0), (5, 9, 0), (3, 1, 0), (0, 40, 0), (4, 2, 0), (3, 2, 0), (10, 0, 0), (6, 20, 0), (7, 5, 0), (8, 4, 0)]))
put("fuzz-text", "empty", b"\0" + dbl(10) + opts)
put("fuzz-text-long", "combining-storm", b"\x08" + dbl(12) + wrap + text_ops([(0, 33, 0), (0xE2, 1, 9999)]))
# 3 × 9999 CJK, Arabic and Latin scalars wrapped at 30 px under a rotation: long lines, many glyphs.
rot = b"\0" + dbl(30) + b"\1" + b"\1\0" + dbl(0) + b"\0" + b"\1" + dbl(0.75) + dbl(0.5) + dbl(-0.5) + dbl(0.75) + dbl(4) + dbl(12)
put("fuzz-text-long", "rotated-mixed", b"\0" + dbl(11) + rot + text_ops([(0xE7, 9, 9999), (0xE5, 3, 9999), (0xE0, 40, 9999)]))
with tempfile.TemporaryDirectory() as t:
    for name, text in [("font-latin", "Ab fi"), ("font-arabic", "مرحبا")]:
        out = os.path.join(t, name + ".ttf")
        subprocess.run(["pyftsubset", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--text=" + text,
                        "--output-file=" + out, "--no-hinting", "--layout-features=*"], check=True, stderr=subprocess.DEVNULL)
        font = open(out, "rb").read()
        # fuzz-font: the file, a size index (0: 12 px), then what checkLayout reads.
        put("fuzz-font", name, struct.pack("<H", len(font)) + font + b"\0" + opts + text_ops([(0, 33, 0), (5, 3, 0), (0, 66, 0)]))

# --- path --------------------------------------------------------------------------------------
def path_seed(w, h, elements, state, tail=b""):
    return struct.pack("<HH", w, h) + struct.pack("<H", len(elements)) + b"".join(elements) + bytes([state]) + tail
tri = [bytes([0]) + dbl(2) + dbl(2), bytes([2]) + dbl(30) + dbl(5), bytes([2]) + dbl(10) + dbl(28), bytes([7])]
put("fuzz-path", "triangle-fill", path_seed(32, 32, tri, 0, b"\0"))
curve = [bytes([0]) + dbl(1) + dbl(30), bytes([6]) + dbl(30) + dbl(30) + dbl(5) + dbl(-10) + dbl(25) + dbl(40)]
put("fuzz-path", "curve-stroke-dash", path_seed(32, 32, curve, 32, b"\x83" + dbl(0) + dbl(0) + dbl(3) + dbl(4) + b"\1\0\1\0" + dbl(10) + dbl(0)))
put("fuzz-path", "arc-transform", path_seed(20, 20, [bytes([8]) + dbl(10) + dbl(10) + dbl(8) + dbl(0) + dbl(100) + b"\1"], 1 | 4 | 8,
    dbl(2) + dbl(0.5) + dbl(0) + dbl(1) + dbl(-5) + dbl(3) + b"\x02\x02\x10\x10" + dbl(0.5) + b"\1"))
put("fuzz-path", "nan-rect", path_seed(8, 8, [bytes([9]) + b"\0" + dbl(1) + dbl(2) + b"\1\0", bytes([11]) + dbl(1) + dbl(1) + b"\2\0\0\0\0\0\0\0\0" + dbl(4)], 0, b"\1"))

# --- settings ----------------------------------------------------------------------------------
put("fuzz-settings", "conf", b"\0" + b"# kiosk.conf\nscene = views\ndisplay = drm:/dev/dri/card0\nmode = 800x480@60\nrotation = 90\n"
    b"calibration = 0 1 0 -1 0 1\nswap-xy = yes\nlog-level = debug\nsize = 1024x600\nduration = 1.5\ninput = /dev/input/event0, /dev/input/event1\n")
put("fuzz-settings", "env", b"\1" + b"KIOSK_ROTATION=270\nKIOSK_FPS_OVERLAY=on\nKIOSK_DISPLAY=offscreen:/tmp/x\nKIOSK_UPDATE_GOLDENS=1\n")
put("fuzz-settings", "option", b"\2" + b"\0" + struct.pack("<H", 6) + b" 1,0,0 0,1,0 ")
put("fuzz-settings", "calibration", b"\3" + b"1.0 0 0\t0 1e308 -0.0")
put("fuzz-settings", "mode", b"\4" + b"1920x1080@144")
put("fuzz-settings", "display", b"\5" + b"fbdev:/dev/fb1")
# --- cli ---------------------------------------------------------------------------------------
# A count byte, then per argument an op byte (0/1 --NAME, 2 --NAME=VALUE, 3/4 VALUE, 5 -o, 6 raw,
# 7 --NAME=raw) with u16 indices into fuzz-cli's `names` and `values` pools, raw strings as u16
# length + bytes.
cli_names = ["scene", "display", "mode", "rotation", "input", "fps-overlay", "calibration", "swap-xy", "invert-x",
             "invert-y", "size", "duration", "frame-markers", "log-level", "help", "at", "tap", "output", "fps",
             "frames", "seed", "tap-every", "bogus", ""]
cli_values = ["800x480", "800x480@60", "0x0", "16385x1", "99999999999999999999x1", "90", "-90", "450", "1e308", "nan",
              "-0", "inf", "auto", "none", "drm", "drm:/dev/dri/card0", "fbdev:", "offscreen:/tmp/x", "1 0 0 0 1 0",
              "1,0,0,0,1,0", "yes", "no", "on", "OFF", "debug", "10,20@0.5", "1e400,0", ",@", "@", "/dev/input/event0",
              "a,b c", ", auto", "", " ", "=", "--", "-o", "x=y", "\0", "é", "9223372036854775807", "-9223372036854775808"]
def cli(*args):
    out = b""
    for a in args:
        if a == "-o": out += b"\5"
        elif a.startswith("--") and "=" in a:
            n, v = a[2:].split("=", 1)
            if v in cli_values: out += b"\2" + struct.pack("<HH", cli_names.index(n), cli_values.index(v))
            else: b = v.encode(); out += b"\7" + struct.pack("<HH", cli_names.index(n), len(b)) + b
        elif a.startswith("--"): out += b"\0" + struct.pack("<H", cli_names.index(a[2:]))
        elif a in cli_values: out += b"\3" + struct.pack("<H", cli_values.index(a))
        else: b = a.encode(); out += b"\6" + struct.pack("<H", len(b)) + b
    return bytes([len(args)]) + out
put("fuzz-cli", "run", cli("--display", "drm:/dev/dri/card0", "--mode=800x480@60", "--rotation", "90", "--input",
    "/dev/input/event0", "/dev/input/event1", "--calibration=1 0 0 0 1 0", "--swap-xy", "--log-level=debug", "--duration", "1e308"))
put("fuzz-cli", "snapshot", cli("--scene", "views", "--size", "800x480", "--at", "1e308", "--tap", "10,20@0.5", "--tap=1e400,0", "-o", "x.png"))
put("fuzz-cli", "soak", cli("--scene=pulse", "--frames", "9223372036854775807", "--seed", "-0", "--tap-every", "nan", "--size=0x0"))
put("fuzz-cli", "help", cli("--mode", "--help", "--", "=", "--bogus"))
# --- jpeg, webp: the decoder tests' fixtures, behind the harness's mode byte ----------------------
fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "RasterTests", "ImageFixtures")
for n in ["orient-1.jpg", "orient-6.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg"]:
    with open(os.path.join(fixtures, n), "rb") as f: put("fuzz-jpeg", n, b"\0\0" + f.read())
put("fuzz-jpeg", "exif-be-orientation-8", b"\2" + bytes([0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]))
for n in ["lossy.webp", "lossless.webp", "alpha.webp", "animated.webp"]:
    with open(os.path.join(fixtures, n), "rb") as f: put("fuzz-webp", n, (b"\2\0" if n == "animated.webp" else b"\0\0") + f.read())
# --- gif: mode 1 decodes the animation, 0 the first frame as a still ------------------------------
for n in ["animated.gif", "still.gif"]:
    with open(os.path.join(fixtures, n), "rb") as f: put("fuzz-gif", n, (b"\1\0" if n == "animated.gif" else b"\0\0") + f.read())
# --- svg: the icon fixtures behind a mode byte (0: parse and draw) and a 32×32 raster size ---------
for n in ["gear", "badge", "stroked", "use"]:
    with open(os.path.join(fixtures, "icon-%s.svg" % n), "rb") as f: put("fuzz-svg", n + ".svg", b"\0" + struct.pack("<HH", 32, 32) + f.read())
put("fuzz-svg", "pathdata", b"\1" + struct.pack("<HH", 16, 16) + b"M10.5 1h3l.5 3.1a8 8 0 0 1 2.2.9Q1 2 3 4t5 5S1 1 2 2c1 1 2 2 3 3zm1e-3-.5.5H4V2z")
print("seeds written to", root)
