/// Builds ffmpeg's argument list for a ``VideoSettings``. Kept separate from the process
/// plumbing so the command lines can be read (and tested) on their own.
struct FFmpegCommand {
    /// Size of the frames piped to ffmpeg: the user's size, padded by one pixel on the
    /// right/bottom when the codec's chroma subsampling needs even dimensions.
    let encodedWidth: Int
    let encodedHeight: Int
    /// Colour transparency is flattened onto in Swift before piping, or `nil` to keep alpha.
    let flattenOnto: (r: UInt8, g: UInt8, b: UInt8)?
    /// ffmpeg's arguments, without the executable (argv[0]) itself.
    let arguments: [String]

    /// Default x264 CRF: visually close to lossless for smooth shader gradients.
    static let defaultH264CRF = 18
    /// Default VP9 CRF (constant quality mode with `-b:v 0`).
    static let defaultVP9CRF = 30

    /// Validates `settings` and derives the command that writes to `outputPath`.
    init(settings s: VideoSettings, outputPath: String) throws(VideoError) {
        guard s.width > 0, s.height > 0 else {
            throw .badSettings("width and height must be positive (got \(s.width)x\(s.height))")
        }
        guard s.width <= 16384, s.height <= 16384 else {
            throw .badSettings("\(s.width)x\(s.height) is larger than 16384x16384")
        }
        guard s.fps.isFinite, s.fps > 0, s.fps <= 1000 else {
            throw .badSettings("fps must be in 0 < fps <= 1000 (got \(s.fps))")
        }

        // Which codec path: H.264 for mp4 and for mov with a background.
        let useH264 = s.format == .mp4 || (s.format == .mov && s.background != nil)
        let background: (r: UInt8, g: UInt8, b: UInt8)? =
            s.format == .mp4 ? (s.background ?? (0, 0, 0)) : s.background
        // yuv420p / yuva420p need even sizes (VP9 silently crops odd ones, x264 refuses them).
        let needsEven = useH264 || s.format == .webm
        encodedWidth = needsEven ? (s.width + 1) & ~1 : s.width
        encodedHeight = needsEven ? (s.height + 1) & ~1 : s.height
        flattenOnto = background

        var args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                    "-f", "rawvideo", "-pix_fmt", "rgba",
                    "-s", "\(encodedWidth)x\(encodedHeight)",
                    "-r", Self.rate(s.fps),
                    "-i", "-", "-an"]
        // RGB → YUV with the BT.709 matrix, limited range, and say so in the stream, so
        // players do not guess (BT.601 is swscale's untagged default).
        func yuv(_ pixFmt: String) -> [String] {
            ["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=\(pixFmt)",
             "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
             "-color_range", "tv"]
        }

        if s.format == .gif {
            let colours = s.quality ?? 256
            guard (4...256).contains(colours) else {
                throw .badSettings("GIF quality is the palette size, 4...256 (got \(colours))")
            }
            let reserve = background == nil ? 1 : 0
            // ffmpeg 5.1's palettegen slows down super-linearly with the number of distinct
            // colours (measured on a 512x512 gradient: 68 s for 180 frames, 19 s when fed every
            // second pixel of every second row). Above 128x128 the palette statistics come from
            // that nearest-neighbour subsample; features under 2 px may then be dithered from
            // neighbouring palette colours rather than get their own entry.
            let sample = encodedWidth * encodedHeight > 128 * 128
                ? "scale=trunc(iw/2):trunc(ih/2):flags=neighbor," : ""
            // One pass: ffmpeg buffers every frame until palettegen has seen the last one
            // (its memory, about width*height*4 bytes per frame, not ours), then maps all
            // frames onto one palette built from all of them.
            args += ["-filter_complex",
                     "[0:v]split[a][b];"
                     + "[a]\(sample)palettegen=max_colors=\(colours):reserve_transparent=\(reserve):stats_mode=full[p];"
                     + "[b][p]paletteuse=dither=sierra2_4a:alpha_threshold=128",
                     "-loop", s.loop ? "0" : "-1"]
        } else if useH264 {
            let crf = s.quality ?? Self.defaultH264CRF
            guard (0...51).contains(crf) else {
                throw .badSettings("H.264 quality is x264's CRF, 0...51 (got \(crf))")
            }
            args += yuv("yuv420p")
            args += ["-c:v", "libx264", "-preset", "medium", "-crf", "\(crf)",
                     "-movflags", "+faststart"]
        } else if s.format == .webm {
            let crf = s.quality ?? Self.defaultVP9CRF
            guard (0...63).contains(crf) else {
                throw .badSettings("VP9 quality is libvpx's CRF, 0...63 (got \(crf))")
            }
            // Alpha is kept whenever no background is given: frames are streamed, so
            // whether any frame has alpha is unknown when ffmpeg starts. An opaque alpha
            // plane costs little in VP9's separate alpha stream.
            args += yuv(background == nil ? "yuva420p" : "yuv420p")
            args += ["-c:v", "libvpx-vp9", "-crf", "\(crf)", "-b:v", "0",
                     "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"]
        } else {
            // mov without background: ProRes 4444 with a 16-bit alpha plane.
            args += yuv("yuva444p10le")
            // prores_ks (ffmpeg 5.1) does not copy the colour tags into its frame headers;
            // the prores_metadata bitstream filter writes them, so decoders use BT.709 too.
            args += ["-c:v", "prores_ks", "-profile:v", "4444", "-alpha_bits", "16",
                     "-vendor", "apl0",
                     "-bsf:v", "prores_metadata=color_primaries=bt709:color_trc=bt709:colorspace=bt709"]
            if let q = s.quality {
                guard (1...64).contains(q) else {
                    throw .badSettings("ProRes quality is prores_ks' quantiser -q:v, 1...64 (got \(q))")
                }
                args += ["-q:v", "\(q)"]
            }
        }
        args += ["-f", s.format.muxer, outputPath]
        arguments = args
    }

    /// The frame rate as ffmpeg text: an integer, a `/1001` NTSC rate, or a fraction over 1000.
    static func rate(_ fps: Double) -> String {
        if fps == fps.rounded() { return String(Int(fps)) }
        let ntsc = fps * 1001 / 1000
        if abs(ntsc - ntsc.rounded()) < 1e-3 { return "\(Int(ntsc.rounded()) * 1000)/1001" }
        return "\(Int((fps * 1000).rounded()))/1000"
    }
}
