// CPNG: libpng's simplified API (png_image_*), which reports errors by return value, not longjmp.
#include <png.h>
