#!/usr/bin/env python3
# Makes the JPEG and WebP test inputs in this folder (ImageDecodingTests reads them). Run once
# with Pillow (`pip install pillow`, for fixtures only; kiosk never uses it) and commit the files:
#   python3 Tests/RasterTests/ImageFixtures/make-fixtures.py
# The upright picture is 40×24: red, green / blue, yellow quadrants with a white 4×4 mark in the
# top-left corner. orient-N.jpg stores it turned so that applying EXIF orientation N shows it
# upright again (the inverse of Pillow's ImageOps.exif_transpose step), so all eight must decode
# to the same picture.
import os
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))

def upright(w=40, h=24):
    im = Image.new("RGB", (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            left, top = x < w // 2, y < h // 2
            px[x, y] = (255, 0, 0) if left and top else (0, 200, 0) if top else (0, 0, 255) if left else (255, 230, 0)
    for y in range(4):
        for x in range(4):
            px[x, y] = (255, 255, 255)
    return im

T = Image.Transpose
# exif_transpose's step per orientation, and its inverse (what the camera stored).
inverse = {1: None, 2: T.FLIP_LEFT_RIGHT, 3: T.ROTATE_180, 4: T.FLIP_TOP_BOTTOM,
           5: T.TRANSPOSE, 6: T.ROTATE_90, 7: T.TRANSVERSE, 8: T.ROTATE_270}
base = upright()
for n, step in inverse.items():
    stored = base if step is None else base.transpose(step)
    exif = Image.Exif()
    exif[0x0112] = n
    stored.save(os.path.join(here, f"orient-{n}.jpg"), quality=92, subsampling=0, exif=exif.tobytes())

base.save(os.path.join(here, "progressive.jpg"), quality=92, subsampling=0, progressive=True)
base.convert("L").save(os.path.join(here, "gray.jpg"), quality=92)
base.convert("CMYK").save(os.path.join(here, "cmyk.jpg"), quality=92)   # Adobe APP14, inverted CMYK
upright(64, 48).save(os.path.join(here, "large.jpg"), quality=92, subsampling=0)
upright(64, 48).save(os.path.join(here, "large.webp"), quality=92)

base.save(os.path.join(here, "lossy.webp"), quality=92)
base.save(os.path.join(here, "lossless.webp"), lossless=True)
alpha = base.convert("RGBA")
px = alpha.load()
for y in range(alpha.height):
    for x in range(alpha.width):
        r, g, b, _ = px[x, y]
        px[x, y] = (r, g, b, 255 if x < alpha.width // 2 else 128 if y < alpha.height // 2 else 0)
alpha.save(os.path.join(here, "alpha.webp"), lossless=True)
frames = [Image.new("RGB", (16, 16), c) for c in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]]
frames[0].save(os.path.join(here, "animated.webp"), save_all=True, append_images=frames[1:],
               duration=[100, 200, 300], loop=0, lossless=True)
# Played twice, then held on its last frame (AnimatedImageTests: the loop count).
frames[0].save(os.path.join(here, "animated-twice.webp"), save_all=True, append_images=frames[1:],
               duration=[100, 200, 300], loop=2, lossless=True)
