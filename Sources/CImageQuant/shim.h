#pragma once
#include <dlfcn.h>
#include <libimagequant.h>

/// OpenMP's `omp_set_num_threads`, if libimagequant was built with OpenMP (looked up at run time so that a build
/// without OpenMP needs nothing), or NULL. Kinetic calls it with 1 before each quantisation: frames are rendered
/// on the other cores meanwhile, and idle OpenMP workers spin-wait, stealing that time.
static inline void *kinetic_omp_set_num_threads_function(void) {
#if defined(RTLD_DEFAULT)
    return dlsym(RTLD_DEFAULT, "omp_set_num_threads");
#else
    return dlsym((void *)0, "omp_set_num_threads");
#endif
}
