/* What the project has measured of the cycle model's error on a core: the
 * same code timed on silicon by someone else, against the model's estimate
 * (bench/README.md, "p256-m: model against silicon"). Kept with the runner,
 * which writes it into each dataset's cycle_model.error, rather than with
 * the model: a new comparison changes no estimate, so it must not change
 * the firmware revision the datasets are measured at. */
#ifndef CPR_MODEL_ERROR_H
#define CPR_MODEL_ERROR_H

/* The measured error for the core ("Cortex-M4"), or NULL when none is known. */
const char *cpr_model_error(const char *core);

#endif
