# ShaderFX without Swift: the release tarball on Debian 12, rendering with Mesa's llvmpipe
# (or a GPU's EGL driver, when the container is given one).
#   make dist && docker build -t shaderfx .
#   docker run --rm -v "$PWD:/work" shaderfx render ripple -o ripple.png
# For GIF and video output add ffmpeg to the packages below.
FROM debian:12-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri libpng16-16 \
    && rm -rf /var/lib/apt/lists/*

# make dist leaves one tarball per architecture in dist/.
COPY dist/shaderfx-*-linux-x86_64.tar.gz /tmp/
RUN mkdir /tmp/shaderfx \
    && tar -xzf /tmp/shaderfx-*-linux-x86_64.tar.gz -C /tmp/shaderfx --strip-components=1 \
    && /tmp/shaderfx/install.sh /usr/local \
    && rm -rf /tmp/shaderfx /tmp/shaderfx-*-linux-x86_64.tar.gz

WORKDIR /work
ENTRYPOINT ["shaderfx"]
CMD ["--help"]
