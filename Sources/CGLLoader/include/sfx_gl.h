// Placeholder
int sfx_gl_placeholder(void);
