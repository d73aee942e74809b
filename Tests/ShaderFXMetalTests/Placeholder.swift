// placeholder until the translator tests are copied from /work/dev/metal
