#define _GNU_SOURCE
#include "sfx_gl.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>

static SFXEGL egl_table;
static SFXGLES gles_table;
static SFXGBM gbm_table;
static void *egl_library;
static void *gles_library;
static void *gbm_library;
static int egl_status = -1, gles_status = -1, gbm_status = -1;
static char egl_error[512], gles_error[512], gbm_error[512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *open_first(const char *const names[], char *err, size_t errlen) {
    for (int i = 0; names[i]; i++) {
        void *handle = dlopen(names[i], RTLD_NOW | RTLD_GLOBAL);
        if (handle) return handle;
    }
    const char *why = dlerror();
    snprintf(err, errlen, "%s", why ? why : "not found");
    return NULL;
}

static int finish(int status, char *saved, char *err, size_t errlen) {
    if (status != 0 && err && errlen) snprintf(err, errlen, "%s", saved);
    pthread_mutex_unlock(&lock);
    return status;
}

int sfx_load_egl(char *err, size_t errlen) {
    pthread_mutex_lock(&lock);
    if (egl_status >= 0) return finish(egl_status, egl_error, err, errlen);
    static const char *const names[] = {"libEGL.so.1", "libEGL.so", NULL};
    char why[400];
    egl_library = open_first(names, why, sizeof why);
    if (!egl_library) {
        snprintf(egl_error, sizeof egl_error, "cannot open libEGL.so.1 (%s)", why);
        egl_status = 1;
        return finish(egl_status, egl_error, err, errlen);
    }
#define LOAD(type, name)                                                                 \
    egl_table.name = (type)dlsym(egl_library, "egl" #name);                              \
    if (!egl_table.name) {                                                               \
        snprintf(egl_error, sizeof egl_error, "libEGL.so.1 lacks egl" #name              \
                 " (EGL 1.5 is needed)");                                                \
        egl_status = 2;                                                                  \
        return finish(egl_status, egl_error, err, errlen);                               \
    }
    SFX_EGL_FUNCTIONS(LOAD)
#undef LOAD
#define LOAD_EXT(type, name) egl_table.name = (type)egl_table.GetProcAddress("egl" #name);
    SFX_EGL_EXTENSIONS(LOAD_EXT)
#undef LOAD_EXT
    egl_status = 0;
    return finish(egl_status, egl_error, err, errlen);
}

int sfx_load_gles(char *err, size_t errlen) {
    pthread_mutex_lock(&lock);
    if (gles_status >= 0) return finish(gles_status, gles_error, err, errlen);
    if (egl_status != 0) {
        snprintf(gles_error, sizeof gles_error, "libEGL must be loaded first");
        return finish(1, gles_error, err, errlen);
    }
    static const char *const names[] = {"libGLESv2.so.2", "libGLESv2.so", NULL};
    char why[400];
    gles_library = open_first(names, why, sizeof why);
#define LOAD(type, name)                                                                 \
    gles_table.name = gles_library ? (type)dlsym(gles_library, "gl" #name) : NULL;       \
    if (!gles_table.name) gles_table.name = (type)egl_table.GetProcAddress("gl" #name);  \
    if (!gles_table.name) {                                                              \
        snprintf(gles_error, sizeof gles_error, "cannot find gl" #name " in %s",         \
                 gles_library ? "libGLESv2.so.2" : why);                                 \
        gles_status = 2;                                                                 \
        return finish(gles_status, gles_error, err, errlen);                             \
    }
    SFX_GLES_FUNCTIONS(LOAD)
#undef LOAD
    gles_status = 0;
    return finish(gles_status, gles_error, err, errlen);
}

int sfx_load_gbm(char *err, size_t errlen) {
    pthread_mutex_lock(&lock);
    if (gbm_status >= 0) return finish(gbm_status, gbm_error, err, errlen);
    static const char *const names[] = {"libgbm.so.1", "libgbm.so", NULL};
    char why[400];
    gbm_library = open_first(names, why, sizeof why);
    if (!gbm_library) {
        snprintf(gbm_error, sizeof gbm_error, "cannot open libgbm.so.1 (%s)", why);
        gbm_status = 1;
        return finish(gbm_status, gbm_error, err, errlen);
    }
    gbm_table.create_device = (void *(*)(int))dlsym(gbm_library, "gbm_create_device");
    gbm_table.device_destroy = (void (*)(void *))dlsym(gbm_library, "gbm_device_destroy");
    if (!gbm_table.create_device || !gbm_table.device_destroy) {
        snprintf(gbm_error, sizeof gbm_error, "libgbm.so.1 lacks gbm_create_device");
        gbm_status = 2;
        return finish(gbm_status, gbm_error, err, errlen);
    }
    gbm_status = 0;
    return finish(gbm_status, gbm_error, err, errlen);
}

const SFXEGL *sfx_egl(void) { return &egl_table; }
const SFXGLES *sfx_gles(void) { return &gles_table; }
const SFXGBM *sfx_gbm(void) { return &gbm_table; }

/* Whether a loaded object is a Mesa GL driver: a DRI driver (swrast_dri.so, iris_dri.so, ...)
 * or the Gallium library newer Mesa releases put them in. */
static int is_mesa_driver(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return strstr(base, "_dri.so") != NULL || strncmp(base, "libgallium", 10) == 0;
}

/* The paths of the loaded Mesa drivers, gathered by dl_iterate_phdr; dlopen is called only after
 * the walk ends (dlopen inside its callback takes the loader's lock in the other order than a
 * sanitizer's dlopen interceptor, and two threads can then wait on each other). */
typedef struct DriverPaths { int count; char path[4][512]; } DriverPaths;

static int gather_driver(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    DriverPaths *found = data;
    if (!info->dlpi_name || !info->dlpi_name[0] || !is_mesa_driver(info->dlpi_name)) return 0;
    if (found->count < 4 && strlen(info->dlpi_name) < sizeof found->path[0]) {
        snprintf(found->path[found->count], sizeof found->path[0], "%s", info->dlpi_name);
        found->count++;
    }
    return 0;
}

int sfx_keep_drivers_loaded(void) {
    DriverPaths found = {0};
    dl_iterate_phdr(gather_driver, &found);
    int pinned = 0;
    for (int i = 0; i < found.count; i++) {
        /* RTLD_NOLOAD: only an object already loaded; RTLD_NODELETE: never unmapped. The handle
         * is not closed: that reference is the point. */
        if (dlopen(found.path[i], RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) pinned++;
    }
    return pinned;
}

static int count_driver(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    if (info->dlpi_name && info->dlpi_name[0] && is_mesa_driver(info->dlpi_name)) (*(int *)data)++;
    return 0;
}

int sfx_loaded_driver_count(void) {
    int count = 0;
    dl_iterate_phdr(count_driver, &count);
    return count;
}
