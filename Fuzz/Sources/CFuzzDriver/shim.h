// libFuzzer's entry for programs that have their own main (libclang_rt.fuzzer_no_main).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
