/* The QEMU machines cryptoperf runs firmware on, and what the cycle model
 * knows of each core: the one table the runner (datasets' cycle_model
 * header) and cryptoperf-cycles (which plugin core, which vector table)
 * both read, so that they can never disagree about a core. */
#ifndef CPC_MACHINES_H
#define CPC_MACHINES_H

typedef struct {
    const char *machine;   /* QEMU's -M name, also our board slug */
    const char *core;      /* "Cortex-M4" */
    const char *model;     /* the plugin's core= value; NULL: not modelled */
    /* where the core reads its vector table at reset, and where the image
     * may be linked instead (an alias of the same memory; 0: none) */
    unsigned long vtor, vtor_alias;
    const char *sources;   /* the timing tables the model follows */
    const char *note;      /* not modelled: why */
} cpc_machine;

/* The model's name and version, as datasets name them. */
#define CPC_MODEL_NAME "cryptoperf-cycles"
#define CPC_MODEL_VERSION "1"
/* What every estimate assumes of the memory system. */
#define CPC_MODEL_MEMORY "0 wait states: no flash wait states, caches or bus contention modelled"

/* The machine named name, or NULL. */
const cpc_machine *cpc_machine_find(const char *name);
/* The machine whose core is named core ("Cortex-M4"), the first one, or NULL. */
const cpc_machine *cpc_machine_by_core(const char *core);
/* The names of every machine, comma-separated, for messages. */
const char *cpc_machine_names(void);

#endif
