// CFriBidi: the Unicode bidirectional algorithm.
#include <fribidi.h>
