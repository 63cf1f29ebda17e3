// CFreeType: FreeType 2 with the outline, bitmap and size APIs.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_SIZES_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
