// CGIF: giflib's decoder (libgif-dev; Debian ships no pkg-config file for it). Errors come back
// as return values and codes, so Swift calls it directly; the reader is a C callback over memory.
#include <gif_lib.h>
