/* fb-sample: prints what a framebuffer device shows: its pan offset and a grid of pixels of the
 * visible page (the one at yoffset), each as RRGGBB decoded with the device's own channel offsets.
 * The QEMU test compares them with `kiosk snapshot` where no screendump can see (vfb).
 * Usage: fb-sample /dev/fbN COLUMNS ROWS   → "pan X,Y RRGGBB RRGGBB …" (row by row)
 *        fb-sample /dev/fbN mode W H BPP   → sets the mode first (vfb starts at 640x480, 8 bpp) */
#include <string.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned channel(uint32_t px, struct fb_bitfield f) {
    unsigned v = (px >> f.offset) & ((1u << f.length) - 1);
    return f.length >= 8 ? v >> (f.length - 8) : (v << (8 - f.length)) | (v >> (2 * f.length - 8));
}

int main(int argc, char **argv) {
    if (argc == 6 && strcmp(argv[2], "mode") == 0) {
        int fd = open(argv[1], O_RDWR);
        struct fb_var_screeninfo v;
        if (fd < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &v) < 0) { perror("fb-sample: open"); return 1; }
        v.xres = v.xres_virtual = atoi(argv[3]); v.yres = v.yres_virtual = atoi(argv[4]);
        v.bits_per_pixel = atoi(argv[5]); v.xoffset = v.yoffset = 0;
        if (ioctl(fd, FBIOPUT_VSCREENINFO, &v) < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &v) < 0) { perror("fb-sample: FBIOPUT_VSCREENINFO"); return 1; }
        printf("mode %ux%u-%u\n", v.xres, v.yres, v.bits_per_pixel);
        return 0;
    }
    if (argc != 4) { fprintf(stderr, "usage: fb-sample /dev/fbN COLUMNS ROWS | fb-sample /dev/fbN mode W H BPP\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror("fb-sample: open"); return 1; }
    struct fb_var_screeninfo v; struct fb_fix_screeninfo f;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &v) < 0 || ioctl(fd, FBIOGET_FSCREENINFO, &f) < 0) { perror("fb-sample: ioctl"); return 1; }
    uint8_t *mem = mmap(0, f.smem_len, PROT_READ, MAP_SHARED, fd, 0);
    if (mem == MAP_FAILED) { perror("fb-sample: mmap"); return 1; }
    int cols = atoi(argv[2]), rows = atoi(argv[3]), bpp = v.bits_per_pixel / 8;
    printf("pan %u,%u", v.xoffset, v.yoffset);
    for (int j = 0; j < rows; j++) {
        for (int i = 0; i < cols; i++) {
            unsigned x = (unsigned)((i + 0.5) * v.xres / cols) + v.xoffset;
            unsigned y = (unsigned)((j + 0.5) * v.yres / rows) + v.yoffset;
            uint32_t px = 0;
            for (int b = 0; b < bpp; b++) px |= (uint32_t)mem[(size_t)y * f.line_length + (size_t)x * bpp + b] << (8 * b);
            printf(" %02x%02x%02x", channel(px, v.red), channel(px, v.green), channel(px, v.blue));
        }
    }
    printf("\n");
    return 0;
}
