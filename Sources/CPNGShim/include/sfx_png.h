// Placeholder: replaced by the PNG codec.
int sfx_png_version(void);
