#include "model_error.h"

#include <string.h>

static const struct {
    const char *core, *error;
} errors[] = {
    { "Cortex-M0",
      "0.97 of the published silicon cycles of the same code (p256-m in Mbed TLS 3.6.6, built -O2 here: key "
      "generation, ECDH, ECDSA sign and verify; STM32F091 at 48 MHz, 1 flash wait state), 1.05 with p256-m built "
      "-Os as the published code sizes suggest (bench/README.md)" },
    { "Cortex-M4",
      "0.76-0.77 of the published silicon cycles of the same code (p256-m in Mbed TLS 3.6.6, built -O2 here: key "
      "generation, ECDH, ECDSA sign and verify; STM32F411 at 100 MHz, 3 flash wait states behind the ART "
      "accelerator, which a 0-wait-state model leaves out), 0.82 with p256-m built -Os (bench/README.md)" },
};

const char *cpr_model_error(const char *core)
{
    for (size_t i = 0; core && i < sizeof errors / sizeof errors[0]; i++)
        if (strcmp(errors[i].core, core) == 0)
            return errors[i].error;
    return NULL;
}
