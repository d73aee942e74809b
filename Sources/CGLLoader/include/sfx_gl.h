// ShaderFX's loader for libEGL, libGLESv2 and libgbm.
//
// The libraries are opened with dlopen when a context is first made, not linked, so the
// shaderfx binary starts on machines that lack them and can say what to install. Every
// entry point ShaderFX uses is resolved once into a table of function pointers; Swift reads
// the table through `sfx_egl()`/`sfx_gles()`/`sfx_gbm()` and never calls dlsym itself.
// Ownership: the tables and the library handles live until the process ends.
#ifndef SFX_GL_H
#define SFX_GL_H

#define EGL_EGL_PROTOTYPES 0
#define GL_GLES_PROTOTYPES 0
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
#include <stddef.h>

// EGL entry points: X(type, name) for each one ShaderFX calls.
#define SFX_EGL_FUNCTIONS(X) \
    X(PFNEGLGETPROCADDRESSPROC, GetProcAddress) \
    X(PFNEGLGETERRORPROC, GetError) \
    X(PFNEGLQUERYSTRINGPROC, QueryString) \
    X(PFNEGLGETPLATFORMDISPLAYPROC, GetPlatformDisplay) \
    X(PFNEGLINITIALIZEPROC, Initialize) \
    X(PFNEGLTERMINATEPROC, Terminate) \
    X(PFNEGLBINDAPIPROC, BindAPI) \
    X(PFNEGLCHOOSECONFIGPROC, ChooseConfig) \
    X(PFNEGLCREATECONTEXTPROC, CreateContext) \
    X(PFNEGLDESTROYCONTEXTPROC, DestroyContext) \
    X(PFNEGLMAKECURRENTPROC, MakeCurrent) \
    X(PFNEGLGETCURRENTCONTEXTPROC, GetCurrentContext) \
    X(PFNEGLGETCURRENTDISPLAYPROC, GetCurrentDisplay) \
    X(PFNEGLGETCURRENTSURFACEPROC, GetCurrentSurface) \

// Extension entry points, found through eglGetProcAddress; NULL where absent.
#define SFX_EGL_EXTENSIONS(X) \
    X(PFNEGLQUERYDEVICESEXTPROC, QueryDevicesEXT) \
    X(PFNEGLQUERYDEVICESTRINGEXTPROC, QueryDeviceStringEXT) \
    X(PFNEGLQUERYDEVICEATTRIBEXTPROC, QueryDeviceAttribEXT)

// OpenGL ES 3.0 entry points ShaderFX calls.
#define SFX_GLES_FUNCTIONS(X) \
    X(PFNGLGETERRORPROC, GetError) \
    X(PFNGLGETSTRINGPROC, GetString) \
    X(PFNGLGETSTRINGIPROC, GetStringi) \
    X(PFNGLGETINTEGERVPROC, GetIntegerv) \
    X(PFNGLGENTEXTURESPROC, GenTextures) \
    X(PFNGLDELETETEXTURESPROC, DeleteTextures) \
    X(PFNGLBINDTEXTUREPROC, BindTexture) \
    X(PFNGLACTIVETEXTUREPROC, ActiveTexture) \
    X(PFNGLTEXSTORAGE2DPROC, TexStorage2D) \
    X(PFNGLTEXSUBIMAGE2DPROC, TexSubImage2D) \
    X(PFNGLTEXPARAMETERIPROC, TexParameteri) \
    X(PFNGLPIXELSTOREIPROC, PixelStorei) \
    X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers) \
    X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers) \
    X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer) \
    X(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D) \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus) \
    X(PFNGLVIEWPORTPROC, Viewport) \
    X(PFNGLCLEARBUFFERFVPROC, ClearBufferfv) \
    X(PFNGLDISABLEPROC, Disable) \
    X(PFNGLENABLEPROC, Enable) \
    X(PFNGLBLENDFUNCPROC, BlendFunc) \
    X(PFNGLCREATESHADERPROC, CreateShader) \
    X(PFNGLSHADERSOURCEPROC, ShaderSource) \
    X(PFNGLCOMPILESHADERPROC, CompileShader) \
    X(PFNGLGETSHADERIVPROC, GetShaderiv) \
    X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog) \
    X(PFNGLDELETESHADERPROC, DeleteShader) \
    X(PFNGLCREATEPROGRAMPROC, CreateProgram) \
    X(PFNGLATTACHSHADERPROC, AttachShader) \
    X(PFNGLLINKPROGRAMPROC, LinkProgram) \
    X(PFNGLGETPROGRAMIVPROC, GetProgramiv) \
    X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog) \
    X(PFNGLDELETEPROGRAMPROC, DeleteProgram) \
    X(PFNGLUSEPROGRAMPROC, UseProgram) \
    X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation) \
    X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex) \
    X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding) \
    X(PFNGLUNIFORM1IPROC, Uniform1i) \
    X(PFNGLUNIFORM1FPROC, Uniform1f) \
    X(PFNGLUNIFORM2FPROC, Uniform2f) \
    X(PFNGLUNIFORM2IPROC, Uniform2i) \
    X(PFNGLUNIFORM3FPROC, Uniform3f) \
    X(PFNGLUNIFORM4FPROC, Uniform4f) \
    X(PFNGLUNIFORM4FVPROC, Uniform4fv) \
    X(PFNGLUNIFORM4IVPROC, Uniform4iv) \
    X(PFNGLUNIFORM2IVPROC, Uniform2iv) \
    X(PFNGLGENBUFFERSPROC, GenBuffers) \
    X(PFNGLDELETEBUFFERSPROC, DeleteBuffers) \
    X(PFNGLBINDBUFFERPROC, BindBuffer) \
    X(PFNGLBUFFERDATAPROC, BufferData) \
    X(PFNGLBUFFERSUBDATAPROC, BufferSubData) \
    X(PFNGLBINDBUFFERBASEPROC, BindBufferBase) \
    X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange) \
    X(PFNGLUNMAPBUFFERPROC, UnmapBuffer) \
    X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays) \
    X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays) \
    X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray) \
    X(PFNGLDRAWARRAYSPROC, DrawArrays) \
    X(PFNGLREADPIXELSPROC, ReadPixels) \
    X(PFNGLFINISHPROC, Finish) \
    X(PFNGLFLUSHPROC, Flush) \
    X(PFNGLFENCESYNCPROC, FenceSync) \
    X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync) \
    X(PFNGLDELETESYNCPROC, DeleteSync)

#define SFX_FIELD(type, name) type name;

/// libEGL's entry points. Every field of the first group is non-NULL once loaded.
typedef struct SFXEGL {
    SFX_EGL_FUNCTIONS(SFX_FIELD)
    SFX_EGL_EXTENSIONS(SFX_FIELD)
} SFXEGL;

/// OpenGL ES entry points. Every field is non-NULL once loaded.
typedef struct SFXGLES {
    SFX_GLES_FUNCTIONS(SFX_FIELD)
} SFXGLES;

/// The two libgbm calls ShaderFX needs (gbm_create_device, gbm_device_destroy).
typedef struct SFXGBM {
    void *(*create_device)(int fd);
    void (*device_destroy)(void *device);
} SFXGBM;

#undef SFX_FIELD

/// Opens libEGL and resolves its entry points. Returns 0 on success; otherwise non-zero
/// with a message naming the library or symbol in `err` (always NUL-terminated).
/// Safe to call more than once; later calls return the first result.
int sfx_load_egl(char *err, size_t errlen);

/// Resolves the OpenGL ES entry points through eglGetProcAddress, falling back to
/// libGLESv2. Needs sfx_load_egl first. Returns 0 on success, else non-zero with `err` set.
int sfx_load_gles(char *err, size_t errlen);

/// Opens libgbm (only the gbm backend needs it). Returns 0 on success, else non-zero with `err`.
int sfx_load_gbm(char *err, size_t errlen);

/// Keeps the Mesa GL drivers now loaded (DRI drivers, libgallium) loaded until the process ends
/// (RTLD_NODELETE), so eglTerminate does not unmap them: a later display opens without loading
/// the driver again, and what the driver still holds at exit stays reachable rather than being
/// reported as leaked by LeakSanitizer. Returns how many it pinned (0 on other vendors' drivers).
int sfx_keep_drivers_loaded(void);

/// How many Mesa GL drivers are loaded in the process now.
int sfx_loaded_driver_count(void);

/// The loaded tables; valid only after the matching load call returned 0.
const SFXEGL *sfx_egl(void);
const SFXGLES *sfx_gles(void);
const SFXGBM *sfx_gbm(void);

#endif
