/* run_on.c - the --on cpu|gpu|both choice (kept apart from cli.c so that
 * CPU-only programs do not link against the GPU helpers). */
#include "cli.h"
#include "gpu.h"

#include <string.h>

run_on cli_resolve_on(const char *on_text)
{
    if (on_text == NULL)
        return gpu_device_count() > 0 ? RUN_BOTH : RUN_CPU;
    if (strcmp(on_text, "cpu") == 0)
        return RUN_CPU;
    gpu_require_device(); /* gpu or both: exits 77 without a device */
    return strcmp(on_text, "gpu") == 0 ? RUN_GPU : RUN_BOTH;
}
