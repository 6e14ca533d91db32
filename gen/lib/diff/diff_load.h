/* The two versions a diff compares, loaded and validated at the same time
 * (loading is most of a diff's time), their messages told as if one was
 * loaded after the other: OLD's first. */
#ifndef CP_DIFF_LOAD_H
#define CP_DIFF_LOAD_H

#include "base/status.h"
#include "data/dataset.h"

/* ds[0] from paths[0] (OLD), ds[1] from paths[1] (NEW): a dataset.yaml or
 * the folder that holds it, checked against the schema file schema_path.
 * CP_OK; CP_INVALID after reporting every problem (and a line a dataset
 * naming it invalid, who naming the program); CP_FAILED when a file or
 * the schema cannot be read. Free both datasets either way. */
cp_status cp_diff_load(cp_dataset ds[2], const char *const paths[2], const char *schema_path, const char *who);

#endif
