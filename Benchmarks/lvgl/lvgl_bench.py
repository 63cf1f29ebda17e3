#!/usr/bin/env python3
"""The 16 scenes of LVGL 9.5's lv_demo_benchmark, rebuilt from ../shared/bench/lvgl/SCENES.md with
LVGL's own API (pydevices-lvgl: `import lvgl as lv`), rendered into a bytearray in DIRECT or FULL
mode on a simulated 16 ms clock, and timed per redrawn frame between LVGL's RENDER_START and
RENDER_READY events minus the time inside the (no-op) flush callback — the C benchmark's definition
of "render time" (README.md there).

    lvgl_bench.py --size 800x480 --mode direct [--scene N]... [--assets DIR] [--frames-after MS]

One line per scene:
    lvgl  <n> <name>  median M ms  p99 P ms  dirty D%  redrawn/s R  frames F  refr-median M ms  refr-p99 P ms
(refr-: the whole refresh around the render, REFR_START to REFR_READY minus flushing: layout, area
joining and the render; each of the four event callbacks into Python adds ~1 µs to it.)
then `lvgl  peak-rss K KiB`. Exit 2 on bad arguments (unknown scene, unsupported size, missing
assets), with the reason on stderr.

Where this driver differs from the C benchmark (said here once, and in the report):
* Fonts: this build of LVGL has Montserrat 14/16/24/32/40 only. Scenes 8 and 9 use Montserrat 20
  at 800x480 and 26 at 1920x1080; here they get 16 and 24 — smaller glyphs, so LVGL's cost is, if
  anything, understated. Line heights are padded to LVGL's 22/29 px (text_line_space).
* Scene 16 (the widgets demo, which this build does not include) is its Profile tab rebuilt from
  reference/tree-*.txt (tab bar, the three panels and their widgets) with the slideshow's scroll
  of that tab (0 -> bottom -> 0 at 130 px/s); the Analytics and Shop tabs are not built.
* Header and perf label: the text format of LVGL's sysmon, with numbers from the simulated clock
  (the text changes every 300 ms, so both labels are redrawn every 300 ms as in LVGL).
"""
import argparse
import os
import resource
import sys
import time

import lvgl as lv

try:
    from PIL import Image as PILImage
except ImportError:  # the script installs pillow beside lvgl
    PILImage = None

SIZES = {(800, 480), (1920, 1080)}
NAMES = [
    "Empty screen", "Moving wallpaper", "Single rectangle", "Multiple rectangles",
    "Multiple RGB images", "Multiple ARGB images", "Rotated ARGB images", "Multiple labels",
    "Screen sized text", "Multiple arcs", "Containers", "Containers with overlay",
    "Containers with opa", "Containers with opa_layer", "Containers with scrolling", "Widgets demo",
]
DURATION = {9: 5000, 15: 5000, 16: 20000}

PALETTE = [0xF44336, 0xE91E63, 0x9C27B0, 0x673AB7, 0x3F51B5, 0x2196F3, 0x03A9F4, 0x00BCD4,
           0x009688, 0x4CAF50, 0x8BC34A, 0xCDDC39, 0xFFEB3B, 0xFFC107, 0xFF9800, 0xFF5722,
           0x795548, 0x607D8B, 0x9E9E9E]
SEQUENCE = [int(v) for v in """
 7  3 15 15  1 11 16  8  3  7  7 14  2  9 17  3 17 17 11 13 16  7  6  2  5  4 13 16 16  2 12 14
 1 14  2 16  9 10  5  2 15 12  1 11  5  0  2  6 11 10 12 17 15  0 10  4  8 12 17 14 15  7  5  5
17  5  3  7  3 14 15 15 17  7  3  9  3  8  0  3 10  6  2 15  6  3 16  6 13  8  0  6 12 13 17 15
 8 17  2  5  2 14  8  7 14 11  9 15 14  7  7  8 12  2  2  3 16 13  5  6  5 15  6  4 17  8  1
""".split()]
FALL = [(1279, 2283), (2421, 2457), (2011, 2903), (2980, 1406), (753, 1261), (2827, 2672),
        (2930, 687), (1775, 1689), (2297, 1649), (1625, 835), (2188, 649), (1836, 2876),
        (2303, 2266), (2023, 856), (316, 1364), (2760, 1196), (2659, 2096), (2552, 460),
        (993, 2722), (2321, 1094), (2313, 2364), (355, 1643), (1619, 2604), (2444, 2160),
        (581, 760), (1806, 1577), (2169, 2964), (706, 1312), (1874, 2274), (2387, 1880),
        (2871, 1513), (2537, 2123), (2801, 395), (789, 1009), (2823, 2186), (585, 1251),
        (803, 2539), (1797, 2091), (2913, 2846), (1596, 2337), (2848, 2574), (2732, 585),
        (1296, 1455), (586, 1332), (349, 2954), (2838, 2970), (906, 565), (2405, 1323),
        (2666, 1127), (2930, 2141), (1688, 692), (1550, 2377), (1160, 1931), (2649, 1323),
        (1232, 1711)]
ROTATION = [131.2, 224.6, 204.1, 175.3, 260.1, 140.6, 38.9, 302.5, 346.2, 331.5, 312.7, 152.1,
            27.7, 13.2, 182.9, 337.8, 330.3, 54.6, 51.3, 52.7, 26.6]
ARCS = """CYAN 1783 1921 DEEP_ORANGE 2411 1503 BROWN 2106 1153 CYAN 2927 1372 PURPLE 1987 1175
DEEP_PURPLE 1997 1949 LIME 1835 2088 CYAN 1236 1776 BLUE 2066 1823 BROWN 1516 1664 YELLOW 1396 1259
ORANGE 2352 2260 GREEN 2522 2121 PURPLE 1713 1264 PINK 2743 2419 RED 2344 1060 LIME 1560 2006
BLUE_GREY 1269 2164 LIGHT_GREEN 1412 2274 YELLOW 2687 1480 DEEP_ORANGE 1513 2037 BLUE 2101 1795
DEEP_PURPLE 2209 1323 ORANGE 2785 2451 BLUE_GREY 1639 1097 GREEN 1513 1346 RED 2437 2848
LIGHT_BLUE 1532 2585 LIGHT_BLUE 1855 2686 LIGHT_BLUE 1249 1354 RED 2670 2906 AMBER 2205 1523
TEAL 1027 1930 BLUE 1188 1592 TEAL 1177 2260 LIME 1249 2823 ORANGE 1511 2749 TEAL 2202 2498
PURPLE 2345 2852 AMBER 1215 2792 BLUE 1309 1676 INDIGO 1171 2618 PINK 2279 1783 DEEP_ORANGE 1757 2411
LIME 2180 2106 DEEP_PURPLE 2161 2927 ORANGE 2830 1987 BLUE_GREY 2689 1997 BLUE_GREY 2625 1835
BROWN 1749 1236 PURPLE 2503 2066 AMBER 2656 1516 PURPLE 2160 1396 PINK 2396 2352 BROWN 2793 2522
BLUE 2894 1713 YELLOW 1155 2743 BLUE 1604 2344 LIGHT_BLUE 1681 1560 YELLOW 2777 1269 RED 1306 1412
TEAL 2874 2687 ORANGE 1171 1513 BLUE 2523 2101 BLUE 2489 2209 DEEP_PURPLE 1486 2785""".split()
PALETTE_NAMES = ["RED", "PINK", "PURPLE", "DEEP_PURPLE", "INDIGO", "BLUE", "LIGHT_BLUE", "CYAN",
                 "TEAL", "GREEN", "LIGHT_GREEN", "LIME", "YELLOW", "AMBER", "ORANGE",
                 "DEEP_ORANGE", "BROWN", "BLUE_GREY"]
ARC_LIST = [(PALETTE[PALETTE_NAMES.index(ARCS[i])], int(ARCS[i + 1]), int(ARCS[i + 2]))
            for i in range(0, len(ARCS), 3)]


def fail(message):
    print("lvgl_bench: " + message, file=sys.stderr)
    sys.exit(2)


def hexc(v):
    return lv.color_hex(v)


def spread(content, n, size, gap):
    """SCENES.md §1.6: n boxes of `size` spread evenly over `content` with `gap` between them."""
    s = (content - n * size - (n - 1) * gap) // (n + 1)
    return [s + i * (size + gap + s) for i in range(n)]


class Images:
    def __init__(self, directory):
        self.directory = directory
        self.cache = {}
        self.keep = []

    def get(self, name, opaque=False):
        if name in self.cache:
            return self.cache[name]
        path = os.path.join(self.directory, name + ".png")
        if not os.path.exists(path):
            fail("missing asset " + path)
        if PILImage is None:
            fail("pillow is not installed (needed to decode the PNG assets)")
        im = PILImage.open(path).convert("RGBA")
        w, h = im.size
        r, g, b, a = im.split()
        if opaque:
            a = PILImage.new("L", im.size, 255)
        # LVGL's 32-bit formats are little-endian 0xAARRGGBB: bytes B, G, R, A in memory; ARGB8888
        # keeps straight alpha, as the benchmark's own descriptors do.
        data = PILImage.merge("RGBA", (b, g, r, a)).tobytes()
        self.keep.append(data)
        cf = lv.COLOR_FORMAT.XRGB8888 if opaque else lv.COLOR_FORMAT.ARGB8888
        dsc = lv.image_dsc_t()
        dsc.header.magic = lv.IMAGE_HEADER_MAGIC
        dsc.header.cf = cf
        dsc.header.w, dsc.header.h, dsc.header.stride = w, h, w * 4
        dsc.data_size = len(data)
        dsc.data = data
        self.cache[name] = dsc
        return dsc


class Scene:
    """Builds one scene on the active screen; `tick(ms)` is called every 16 ms animation tick."""

    def __init__(self, number, width, height, images):
        self.n = number
        self.W, self.H = width, height
        self.images = images
        self.seq = 0
        self.flicker = []   # (object, how) in creation order; how: 'bg' | 'text'
        self.anims = []
        self.scr = lv.screen_active()
        scr = self.scr
        scr.remove_style_all()
        scr.set_style_bg_color(hexc(0xF5F5F5), 0)
        scr.set_style_bg_opa(255, 0)
        scr.set_style_pad_top(48, 0)
        for side in ("bottom", "left", "right"):
            getattr(scr, "set_style_pad_" + side)(8, 0)
        scr.set_style_text_font(lv.font_montserrat_14, 0)
        scr.set_style_text_color(hexc(0x000000), 0)
        scr.set_scrollbar_mode(lv.SCROLLBAR_MODE.OFF)
        getattr(self, "build%d" % number)()
        self.build_labels()

    # -- shared pieces -----------------------------------------------------------------------
    def next_colour(self):
        c = PALETTE[SEQUENCE[self.seq % 127]]
        self.seq += 1
        return c

    def colour(self, obj, how):
        bg, text = self.next_colour(), self.next_colour()
        if how == "bg":
            obj.set_style_bg_color(hexc(bg), 0)
        else:
            obj.set_style_text_color(hexc(text), 0)

    def add_flicker(self, obj, how):
        self.colour(obj, how)
        self.flicker.append((obj, how))

    def start_flicker(self):
        # LVGL's benchmark: one lv_anim per object calling color_anim_cb on every anim tick; one
        # exec callback here visiting the objects newest first (SCENES.md §2.3) is the same.
        def cb(anim, value):
            for obj, how in reversed(self.flicker):
                self.colour(obj, how)
        self.anim(self.scr, 0, 100, 100, 0, cb)

    def anim(self, var, start, end, t1, t2, exec_cb):
        a = lv.anim_t()
        a.init()
        a.set_values(start, end)
        a.set_duration(t1)
        if t2:
            a.set_reverse_duration(t2)
        a.set_repeat_count(lv.ANIM_REPEAT_INFINITE)
        a.set_path_cb(lv.anim_path_linear)
        a.set_custom_exec_cb(exec_cb)
        self.anims.append(a.start())

    def fall(self, obj, k, distance):
        t1, t2 = FALL[k % len(FALL)]
        self.anim(obj, 0, distance, t1, t2, lambda a, v, o=obj: o.set_style_translate_y(v, 0))

    def at(self, obj, x, y):
        """Places a child of the screen at absolute screen pixels (SCENES.md's numbers): LVGL's
        positions are relative to the parent's content area, inside its padding."""
        obj.set_pos(x - self.scr.get_style_pad_left(0), y - self.scr.get_style_pad_top(0))

    def plain(self, parent):
        o = lv.obj(parent)
        o.remove_style_all()
        return o

    def image(self, parent, name, x, y, opaque=False):
        im = lv.image(parent)
        im.remove_style_all()
        im.set_src(self.images.get(name, opaque))
        if parent is self.scr:
            self.at(im, x, y)
        else:
            im.set_pos(x, y)
        return im

    def label(self, parent, text, font, colour, x, y):
        lb = lv.label(parent)
        lb.remove_style_all()
        lb.set_style_text_font(font, 0)
        lb.set_style_text_color(hexc(colour), 0)
        lb.set_text(text)
        if parent is self.scr:
            self.at(lb, x, y)
        else:
            lb.set_pos(x, y)
        return lb

    def content(self, bottom=8):
        self.scr.set_style_pad_bottom(bottom, 0)
        return self.W - 16, self.H - 48 - bottom

    def grid(self, cell_w, cell_h, box_w, box_h, bottom=8, gap=8):
        cw, ch = self.content(bottom)
        cols, rows = cw // cell_w, ch // cell_h
        xs = [8 + v for v in spread(cw, cols, box_w, gap)]
        ys = [48 + v for v in spread(ch, rows, box_h, gap)]
        return [(x, y) for y in ys for x in xs]

    def build_labels(self):
        W, H = self.W, self.H
        self.header = lv.label(lv.layer_top())
        hd = self.header
        hd.remove_style_all()
        hd.set_style_bg_color(hexc(0xFFFFFF), 0)
        hd.set_style_bg_opa(255, 0)
        hd.set_style_text_font(lv.font_montserrat_14, 0)
        hd.set_style_text_color(hexc(0x000000), 0)
        hd.set_style_text_line_space(2, 0)
        hd.set_pos(0, 0)
        hd.set_size(W, 32)
        self.perf = lv.label(lv.layer_sys())
        pf = self.perf
        pf.remove_style_all()
        pf.set_style_bg_color(hexc(0x000000), 0)
        pf.set_style_bg_opa(127, 0)
        pf.set_style_pad_all(3, 0)
        pf.set_style_text_font(lv.font_montserrat_14, 0)
        pf.set_style_text_color(hexc(0xFFFFFF), 0)
        pf.set_style_text_line_space(2, 0)
        self.update_labels(0)

    def update_labels(self, window):
        fps = 62 - window % 2
        cpu = (window * 7) % 40
        name = NAMES[self.n - 1]
        self.header.set_text("%s: %d FPS, %d%% CPU\nrefr. %d ms = %dms render + 0 ms flush"
                             % (name, fps, cpu, window % 3, window % 3))
        self.perf.set_text("%d FPS, %d%% CPU\n%d ms (%d | 0)" % (fps, cpu, window % 3, window % 3))
        self.perf.align(lv.ALIGN.BOTTOM_RIGHT, 0, 0)

    def card(self, parent, x, y):
        c = self.plain(parent)
        self.at(c, x, y)
        c.set_size(270, 120)
        c.set_style_bg_color(hexc(0xFFFFFF), 0)
        c.set_style_bg_opa(255, 0)
        c.set_style_radius(10, 0)
        c.set_style_border_width(2, 0)
        c.set_style_border_color(hexc(0xE0E0E0), 0)
        c.set_style_border_post(True, 0)
        c.set_style_pad_all(8, 0)
        c.remove_flag(lv.obj.FLAG.SCROLLABLE)
        self.image(c, "img_benchmark_avatar", 0, 10)
        self.label(c, "John Smith", lv.font_montserrat_24, 0x212121, 100, 0)
        self.label(c, "A DIY enthusiast", lv.font_montserrat_14, 0x212121, 100, 30)
        b = self.plain(c)
        b.set_pos(100, 50)
        b.set_size(102, 38)
        b.set_style_bg_color(hexc(0x2196F3), 0)
        b.set_style_bg_opa(255, 0)
        b.set_style_radius(13, 0)
        b.set_style_shadow_width(2, 0)
        b.set_style_shadow_offset_y(2, 0)
        b.set_style_shadow_color(hexc(0x9E9E9E), 0)
        b.set_style_shadow_opa(127, 0)
        lb = self.label(b, "Connect", lv.font_montserrat_14, 0xFFFFFF, 0, 0)
        lb.center()
        return c

    # -- the scenes --------------------------------------------------------------------------
    def build1(self):
        self.add_flicker(self.scr, "bg")
        self.start_flicker()

    def build2(self):
        self.scr.set_style_pad_all(0, 0)
        im = lv.image(self.scr)
        im.remove_style_all()
        im.set_src(self.images.get("img_benchmark_lvgl_logo_rgb", opaque=True))
        im.set_inner_align(lv.image.ALIGN.TILE)
        im.set_pos(0, 0)
        im.set_size(self.W * 3 // 2, self.H * 3 // 2)
        self.fall(im, 0, -self.H // 3)

    def build3(self):
        cw, ch = self.content()
        r = self.plain(self.scr)
        self.at(r, 8, 48)
        r.set_size(cw * 30 // 100, ch * 30 // 100)
        r.set_style_bg_opa(255, 0)
        self.add_flicker(r, "bg")
        self.start_flicker()

    def build4(self):
        cw, ch = self.content()
        w, h = cw // 4, ch // 4
        for x, y in self.grid(1, 1, w, h) if False else [
                (8 + x, 48 + y) for y in spread(ch, 3, h, 8) for x in spread(cw, 3, w, 8)]:
            r = self.plain(self.scr)
            self.at(r, x, y)
            r.set_size(w, h)
            r.set_style_bg_opa(255, 0)
            self.add_flicker(r, "bg")
        self.start_flicker()

    def images_scene(self, name, cell, opaque, rotate):
        for k, (x, y) in enumerate(self.grid(cell, cell, 100, 100, bottom=88)):
            im = self.image(self.scr, name, x, y, opaque)
            if rotate:
                im.set_pivot(50, 50)
                im.set_rotation(int(round(ROTATION[k % len(ROTATION)] * 10)))
                im.set_antialias(True)
            self.fall(im, k, 80)

    def build5(self):
        self.images_scene("img_benchmark_lvgl_logo_rgb", 160, True, False)

    def build6(self):
        self.images_scene("img_benchmark_lvgl_logo_argb", 160, False, False)

    def build7(self):
        self.images_scene("img_benchmark_lvgl_logo_argb", 240, False, True)

    def text_font(self):
        # Montserrat 20 / 26 in the C benchmark (not in this build): 16 / 24 here, line heights
        # padded to LVGL's 22 / 29 px.
        if self.W * self.H > 800 * 480:
            return lv.font_montserrat_24, 29 - 27, 149, 29
        return lv.font_montserrat_16, 22 - 18, 115, 22

    def build8(self):
        font, _, tw, th = self.text_font()
        cw, ch = self.content()
        cols, rows = int(cw // (1.5 * tw)), ch // (3 * th)
        xs = [8 + v for v in spread(cw, cols, tw, 8)]
        ys = [48 + v for v in spread(ch, rows, th, 8)]
        for y in ys:
            for x in xs:
                lb = self.label(self.scr, "Hello LVGL!", font, 0, x, y)
                self.add_flicker(lb, "text")
        self.start_flicker()

    def build9(self):
        font, space, _, _ = self.text_font()
        path = os.path.join(self.images.directory, "..", "reference", "screen_sized_text.txt")
        if not os.path.exists(path):
            fail("missing " + path)
        text = open(path, encoding="utf-8").read().rstrip("\n")
        lb = self.label(self.scr, text, font, 0x000000, 8, 48)
        lb.set_style_text_line_space(space, 0)
        lb.set_width(self.W - 16)
        # LVGL's label height with Montserrat 20/26 (SCENES.md), so that the scroll distance is
        # the benchmark's whatever the stand-in font wraps to.
        height = 1102 if self.W * self.H > 800 * 480 else 1408
        lb.set_height(height)
        bottom = 48 + height + 8
        limit = bottom - self.H
        t = min(10000, limit * 1000 // 130)
        self.anim(self.scr, 0, limit, t, t, lambda a, v: self.scr.scroll_to_y(v, 0))

    def build10(self):
        cw, ch = self.content()
        cells = [(8 + x, 48 + y) for y in spread(ch, ch // 160, 100, 8)
                 for x in spread(cw, cw // 160, 100, 8)]
        for k, (x, y) in enumerate(cells):
            colour, t1, t2 = ARC_LIST[k % len(ARC_LIST)]
            arc = lv.arc(self.scr)
            arc.remove_style_all()
            self.at(arc, x, y)
            arc.set_size(100, 100)
            arc.set_bg_angles(0, 360)
            arc.set_rotation(0)
            arc.set_range(0, 100)
            arc.set_value(0)
            arc.set_style_arc_width(10, lv.PART.INDICATOR)
            arc.set_style_arc_color(hexc(colour), lv.PART.INDICATOR)
            arc.set_style_arc_opa(255, lv.PART.INDICATOR)
            arc.set_style_arc_rounded(False, lv.PART.INDICATOR)
            arc.remove_flag(lv.obj.FLAG.CLICKABLE)
            self.anim(arc, 0, 100, t1, t2, lambda a, v, o=arc: o.set_value(v))

    def cards(self, opa=None, layered=None):
        for k, (x, y) in enumerate(self.grid(350, 170, 270, 120, bottom=88)):
            c = self.card(self.scr, x, y)
            if opa is not None:
                c.set_style_opa(opa, 0)
            if layered is not None:
                c.set_style_opa_layered(layered, 0)
            self.fall(c, k, 30)

    def build11(self):
        self.cards()

    def build12(self):
        self.cards()
        ov = self.plain(lv.layer_top())
        ov.set_pos(0, 0)
        ov.set_size(self.W, self.H)
        ov.set_style_bg_opa(127, 0)
        self.add_flicker(ov, "bg")
        self.start_flicker()

    def build13(self):
        self.cards(opa=127)

    def build14(self):
        self.cards(layered=127)

    def build15(self):
        self.scr.set_style_pad_row(32, 0)
        cw, ch = self.content()
        cols, rows = cw // 400, max(20, 2 * (ch // 152))
        xs = [8 + v for v in spread(cw, cols, 270, 8)]
        for j in range(rows):
            for x in xs:
                self.card(self.scr, x, 48 + 152 * j)
        self.scr.set_style_pad_bottom(8, 0)
        self.scr.update_layout()
        limit = 48 + 152 * (rows - 1) + 120 + 8 - self.H
        t = min(10000, limit * 1000 // 130)
        self.anim(self.scr, 0, limit, t, t, lambda a, v: self.scr.scroll_to_y(v, 0))

    def panel(self, parent, x, y, w, h):
        p = self.plain(parent)
        p.set_pos(x, y)
        p.set_size(w, h)
        p.set_style_bg_color(hexc(0xFFFFFF), 0)
        p.set_style_bg_opa(255, 0)
        p.set_style_radius(10, 0)
        p.set_style_border_width(2, 0)
        p.set_style_border_color(hexc(0xE0E0E0), 0)
        p.set_style_border_post(True, 0)
        p.remove_flag(lv.obj.FLAG.SCROLLABLE)
        return p

    def pill(self, parent, x, y, w, h, colour, opa):
        o = self.plain(parent)
        o.set_pos(x, y)
        o.set_size(w, h)
        o.set_style_bg_color(hexc(colour), 0)
        o.set_style_bg_opa(opa, 0)
        o.set_style_radius(0x7FFF, 0)
        return o

    def build16(self):
        """The widgets demo's Profile tab (reference/tree-800x480.txt, scene 16), widths stretched
        to the screen: tab bar, profile panel, "Your profile" and "Your skills"."""
        W, H = self.W, self.H
        scr = self.scr
        scr.set_style_pad_all(0, 0)
        scr.set_style_pad_top(48, 0)
        f16, f24 = lv.font_montserrat_16, lv.font_montserrat_24
        bar = self.plain(scr)
        self.at(bar, 0, 48)
        bar.set_size(W, 75)
        bar.set_style_bg_color(hexc(0xFFFFFF), 0)
        bar.set_style_bg_opa(255, 0)
        tab_w = [(W // 2) // 3 + (1 if i == 1 and (W // 2) % 3 == 2 else 0) for i in range(3)]
        x = W // 2
        for i, name in enumerate(["Profile", "Analytics", "Shop"]):
            b = self.plain(bar)
            b.set_pos(x, 0)
            b.set_size(tab_w[i], 75)
            if i == 0:
                b.set_style_bg_color(hexc(0x2196F3), 0)
                b.set_style_bg_opa(51, 0)
                b.set_style_border_width(4, 0)
                b.set_style_border_color(hexc(0x2196F3), 0)
                b.set_style_border_side(lv.BORDER_SIDE.BOTTOM, 0)
            lb = self.label(b, name, f16, 0x2196F3 if i == 0 else 0x212121, 0, 0)
            lb.align(lv.ALIGN.CENTER, 0, 2)
            x += tab_w[i]
        self.image(bar, "img_lvgl_logo", 25, 16)
        self.label(bar, "LVGL v9.5.0", f24, 0x212121, 77, 16)
        sub = self.label(bar, "Widgets demo", f16, 0x212121, 77, 40)
        sub.set_style_text_opa(127, 0)

        page = self.plain(scr)
        self.at(page, 0, 123)
        page.set_size(W, H - 123)
        page.set_style_bg_color(hexc(0xF5F5F5), 0)
        page.set_style_bg_opa(255, 0)
        page.set_style_bg_color(hexc(0x9E9E9E), lv.PART.SCROLLBAR)
        page.set_style_bg_opa(102, lv.PART.SCROLLBAR)
        page.set_style_radius(0x7FFF, lv.PART.SCROLLBAR)
        page.set_style_width(5, lv.PART.SCROLLBAR)
        page.set_style_pad_right(7, lv.PART.SCROLLBAR)
        page.set_style_pad_top(7, lv.PART.SCROLLBAR)
        page.set_style_pad_bottom(7, lv.PART.SCROLLBAR)
        page.set_scrollbar_mode(lv.SCROLLBAR_MODE.AUTO)
        stretch = W - 800      # everything right of the avatar stretches with the screen
        # Profile panel (tree: x=20 y=143 w=760 h=198; page-relative y = 20).
        p = self.panel(page, 20, 20, 760 + stretch, 198)
        self.image(p, "img_demo_widgets_avatar", 20, 20)
        self.label(p, "Elena Smith", f24, 0x212121, 207, 20)
        d = self.label(p, "This is a short description of me. Take a look at my profile!", f16,
                       0x212121, 207, 58)
        d.set_style_text_opa(127, 0)
        self.label(p, "elena@smith.com", f16, 0x212121, 242, 112)
        self.label(p, "+79 246 123 4567", f16, 0x212121, 242, 150)
        for bx, text in ((489 + stretch, "Log out"), (618 + stretch, "Invite")):
            b = self.plain(p)
            b.set_pos(bx, 120)
            b.set_size(118, 40)
            b.set_style_bg_color(hexc(0x2196F3), 0)
            b.set_style_bg_opa(255, 0)
            b.set_style_radius(13, 0)
            b.set_style_shadow_width(2, 0)
            b.set_style_shadow_offset_y(2, 0)
            b.set_style_shadow_color(hexc(0x9E9E9E), 0)
            b.set_style_shadow_opa(127, 0)
            self.label(b, text, f16, 0xFFFFFF, 0, 0).center()
        half = (760 + stretch - 20) // 2
        left = self.panel(page, 20, 238, half, 250)
        self.label(left, "Your profile", f24, 0x212121, 20, 20)
        fw = (half - 40 - 11) // 2
        for i, (label, y) in enumerate((("User name", 74), ("Password", 74), ("Gender", 160),
                                        ("Birthday", 160))):
            fx = 20 + (i % 2) * (fw + 11)
            self.label(left, label, f16, 0x212121, fx, y).set_style_text_opa(127, 0)
            box = self.panel(left, fx, y + 22, fw, 44)
        right = self.panel(page, 20 + half + 20, 238, half, 250)
        self.label(right, "Your skills", f24, 0x212121, 20, 20)
        self.label(right, "Experience", f16, 0x212121, 20, 74).set_style_text_opa(127, 0)
        self.pill(right, 28, 111, half - 61, 13, 0x2196F3, 51)
        self.pill(right, 28, 111, (half - 61) * 3 // 10, 13, 0x2196F3, 255)
        self.pill(right, 28 + (half - 61) * 3 // 10 - 10, 107, 21, 21, 0x2196F3, 255)
        for i, text in enumerate(("Hard-working", "Team player")):
            fx = 20 + i * (half // 2 - 16)
            self.label(right, text, f16, 0x212121, fx, 160).set_style_text_opa(127, 0)
            self.pill(right, fx, 189, 52, 30, 0xE0E0E0, 255)
            self.pill(right, fx + 4, 193, 22, 22, 0xFFFFFF, 255)
        page.update_layout()
        limit = max(0, 20 + 198 + 20 + 250 + 20 - (H - 123))
        if limit > 0:
            t = min(10000, limit * 1000 // 130)
            self.anim(page, 0, limit, t, t, lambda a, v: page.scroll_to_y(v, 0))

    def tick(self, ms):
        if ms % 300 < 16 and ms > 0:
            self.update_labels(ms // 300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="800x480")
    ap.add_argument("--mode", default="direct", choices=["direct", "full"])
    ap.add_argument("--scene", action="append", default=[])
    ap.add_argument("--assets", default=None)
    ap.add_argument("--skip-ms", type=int, default=300)
    ap.add_argument("--clock", default="wall", choices=["wall", "cpu"])
    ap.add_argument("--duration-scale", type=float, default=1.0,
                    help="shorten every scene (1.0 = the benchmark's 3/5/20 s)")
    ap.add_argument("--dump", default=None, help="write the frame at t=1000 ms of each scene as PNG here")
    args = ap.parse_args()
    try:
        W, H = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        fail("bad --size %r (want WxH)" % args.size)
    if (W, H) not in SIZES:
        fail("unsupported size %dx%d (SCENES.md describes 800x480 and 1920x1080)" % (W, H))
    scenes = []
    for s in args.scene or [str(i) for i in range(1, 17)]:
        s = s.replace("lvgl-", "")
        if not s.isdigit() or not 1 <= int(s) <= 16:
            fail("unknown scene %r (1...16 or lvgl-1...lvgl-16)" % s)
        scenes.append(int(s))
    assets = args.assets or os.environ.get("LVGL_ASSETS") or "/work/shared/bench/lvgl/assets"
    if not os.path.isdir(assets):
        fail("assets directory %s not found" % assets)

    if len(scenes) > 1:
        # One process per scene: the benchmark rebuilds everything at a scene change, and a fresh
        # interpreter is the cleanest way to do that from Python (peak RSS is the largest child's).
        import subprocess
        rss = 0
        for n in scenes:
            argv = [sys.executable, os.path.abspath(__file__), "--size", args.size, "--mode", args.mode,
                    "--scene", str(n), "--assets", assets, "--skip-ms", str(args.skip_ms),
                    "--duration-scale", str(args.duration_scale)] + (["--dump", args.dump] if args.dump else [])
            out = subprocess.run(argv, stdout=subprocess.PIPE, text=True)
            if out.returncode != 0:
                fail("scene %d failed (exit %d)" % (n, out.returncode))
            for line in out.stdout.splitlines():
                if "peak-rss" in line:
                    rss = max(rss, int(line.split()[2]))
                else:
                    print(line, flush=True)
        print("lvgl  peak-rss %d KiB" % rss)
        return

    lv.init()
    disp = lv.display_create(W, H)
    disp.set_color_format(lv.COLOR_FORMAT.XRGB8888)
    disp.set_dpi(130)
    buf = bytearray(W * H * 4)
    mode = lv.DISPLAY_RENDER_MODE.DIRECT if args.mode == "direct" else lv.DISPLAY_RENDER_MODE.FULL
    disp.set_buffers(buf, None, len(buf), mode)
    disp.get_refr_timer().set_period(16)
    lv.anim_get_timer().set_period(16)   # this build's LV_DEF_REFR_PERIOD is 33 ms
    # Wall clock as LVGL's README times it, or (--clock cpu) this thread's CPU time, which the
    # other processes of a shared machine do not inflate.
    clock = time.thread_time_ns if args.clock == "cpu" else time.perf_counter_ns
    state = {"start": 0, "flush_ns": 0, "px": 0}
    frame_ns, frame_px, refr_ns = [], [], []

    def flush(d, area, px):
        t0 = clock()
        state["px"] += (area.x2 - area.x1 + 1) * (area.y2 - area.y1 + 1)
        d.flush_ready()
        state["flush_ns"] += clock() - t0

    def on_start(e):
        state["flush_ns"] = 0
        state["px"] = 0
        state["start"] = clock()

    def on_ready(e):
        frame_ns.append(clock() - state["start"] - state["flush_ns"])
        frame_px.append(state["px"])
        state["rendered"] = True

    # The refresh around the render (REFR_START … REFR_READY): layout, area joining and the
    # render, minus flushing; LVGL's animation callbacks and style updates run before it.
    def on_refr_start(e):
        state["rendered"] = False
        state["refr"] = clock()

    def on_refr_ready(e):
        if state.get("rendered"):
            refr_ns.append(clock() - state["refr"] - state["flush_ns"])

    disp.set_flush_cb(flush)
    disp.add_event_cb(on_start, lv.EVENT.RENDER_START, None)
    disp.add_event_cb(on_ready, lv.EVENT.RENDER_READY, None)
    disp.add_event_cb(on_refr_start, lv.EVENT.REFR_START, None)
    disp.add_event_cb(on_refr_ready, lv.EVENT.REFR_READY, None)
    images = Images(assets)

    for n in scenes:
        scene = Scene(n, W, H, images)
        duration = int(DURATION.get(n, 3000) * args.duration_scale)
        times, dirty, refr = [], [], []
        ms = 0
        while ms < duration:
            lv.tick_inc(16)
            ms += 16
            scene.tick(ms)
            del frame_ns[:], frame_px[:], refr_ns[:]
            lv.timer_handler()
            if ms >= args.skip_ms:
                times.extend(frame_ns)
                dirty.extend(frame_px)
                refr.extend(refr_ns)
            if args.dump and ms == 1008:
                save(buf, W, H, os.path.join(args.dump, "lvgl-%02d-%dx%d.png" % (n, W, H)))
        if not times:
            print("lvgl  %2d %s  no frames" % (n, NAMES[n - 1]))
            continue
        s = sorted(times)
        med = s[len(s) // 2] / 1e6
        p99 = s[min(len(s) - 1, max(0, -(-99 * len(s) // 100) - 1))] / 1e6
        d = 100.0 * sum(dirty) / len(dirty) / (W * H)
        rate = len(times) / ((duration - args.skip_ms) / 1000)
        r = sorted(refr) or s
        rmed = r[len(r) // 2] / 1e6
        rp99 = r[min(len(r) - 1, max(0, -(-99 * len(r) // 100) - 1))] / 1e6
        print("lvgl  %2d %-28s median %.3f ms  p99 %.3f ms  dirty %.1f%%  redrawn/s %.1f  frames %d"
              "  refr-median %.3f ms  refr-p99 %.3f ms"
              % (n, NAMES[n - 1], med, p99, d, rate, len(times), rmed, rp99), flush=True)
    print("lvgl  peak-rss %d KiB" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def save(buf, W, H, path):
    if PILImage is None:
        return
    im = PILImage.frombuffer("RGBA", (W, H), bytes(buf), "raw", "BGRA", 0, 1)
    r, g, b, _ = im.split()
    PILImage.merge("RGB", (r, g, b)).save(path)


if __name__ == "__main__":
    main()
