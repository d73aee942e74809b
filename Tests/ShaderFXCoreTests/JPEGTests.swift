import CTurboJPEG
import Foundation
import Testing
import ShaderFXTestSupport

@testable import ShaderFXCore

// MARK: - Tools and fixtures shared by the image tests

/// The path of the command-line tool `name` on PATH; the error says what to install.
func imageTool(_ name: String, package: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
        return "\(dir)/\(name)"
    }
    throw ImageToolError("\(name) is not on PATH: apt-get install \(package) (make test installs it)")
}

struct ImageToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs a tool and returns its standard output; a failure throws with its standard error.
func runImageTool(_ path: String, _ arguments: [String]) throws -> Data {
    let result = try runProcess(path, arguments)
    guard result.status == 0 else {
        throw ImageToolError("\(path) \(arguments.joined(separator: " ")) exited with \(result.status): \(result.stderr)")
    }
    return result.stdoutBytes
}

/// A smooth test picture (sines and ramps, so chroma subsampling loses little) as 8-bit RGB.
func smoothPicture(width: Int, height: Int) -> [UInt8] {
    var rgb: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let r = 127.5 + 127.5 * sin(Double(x) / 6)
            let g = 255 * Double(y) / Double(max(1, height - 1))
            let b = 255 * Double(x + y) / Double(max(1, width + height - 2))
            rgb += [UInt8(r), UInt8(g), UInt8(b)]
        }
    }
    return rgb
}

/// A binary PPM (P6) file.
func ppm(_ rgb: [UInt8], width: Int, height: Int) -> Data {
    Data("P6 \(width) \(height) 255\n".utf8) + Data(rgb)
}

// MARK: - JPEG fixtures: cjpeg (libjpeg-turbo-progs) encodes, ffmpeg's own MJPEG decoder is the oracle

/// How a fixture is encoded, and the pixel format ffmpeg's decoder gives it natively.
struct JPEGKind: Sendable, CustomTestStringConvertible {
    let label: String
    let cjpeg: [String]
    /// yuvj420p, yuvj422p, yuvj444p or gray; the chroma subsampling factors.
    let ffmpegFormat: String
    let subsampling: (x: Int, y: Int)
    let progressive: Bool
    let width: Int, height: Int

    var testDescription: String { "\(label) \(width)x\(height)" }
    var greyscale: Bool { ffmpegFormat == "gray" }

    static let all: [JPEGKind] = [
        JPEGKind(label: "baseline 4:2:0", cjpeg: ["-sample", "2x2"], ffmpegFormat: "yuvj420p", subsampling: (2, 2), progressive: false, width: 37, height: 23),
        JPEGKind(label: "baseline 4:4:4", cjpeg: ["-sample", "1x1"], ffmpegFormat: "yuvj444p", subsampling: (1, 1), progressive: false, width: 37, height: 23),
        JPEGKind(label: "baseline 4:2:2", cjpeg: ["-sample", "2x1"], ffmpegFormat: "yuvj422p", subsampling: (2, 1), progressive: false, width: 33, height: 17),
        JPEGKind(label: "progressive 4:2:0", cjpeg: ["-sample", "2x2", "-progressive"], ffmpegFormat: "yuvj420p", subsampling: (2, 2), progressive: true, width: 41, height: 29),
        JPEGKind(label: "progressive 4:4:4", cjpeg: ["-sample", "1x1", "-progressive"], ffmpegFormat: "yuvj444p", subsampling: (1, 1), progressive: true, width: 16, height: 16),
        JPEGKind(label: "greyscale", cjpeg: ["-grayscale"], ffmpegFormat: "gray", subsampling: (1, 1), progressive: false, width: 37, height: 23),
        JPEGKind(label: "greyscale progressive", cjpeg: ["-grayscale", "-progressive"], ffmpegFormat: "gray", subsampling: (1, 1), progressive: true, width: 9, height: 31),
        JPEGKind(label: "baseline 4:2:0, one pixel", cjpeg: ["-sample", "2x2"], ffmpegFormat: "yuvj420p", subsampling: (2, 2), progressive: false, width: 1, height: 1),
    ]
}

/// Encodes the smooth picture of `kind`'s size with cjpeg at quality 95.
func makeJPEG(_ kind: JPEGKind, in folder: TemporaryFolder, rgb: [UInt8]? = nil) throws -> [UInt8] {
    let cjpeg = try imageTool("cjpeg", package: "libjpeg-turbo-progs")
    let input = folder.file("in-\(UUID().uuidString).ppm")
    try ppm(rgb ?? smoothPicture(width: kind.width, height: kind.height), width: kind.width, height: kind.height)
        .write(to: URL(fileURLWithPath: input))
    return [UInt8](try runImageTool(cjpeg, ["-quality", "95"] + kind.cjpeg + [input]))
}

/// The oracle: ffmpeg's own MJPEG decoder (its IDCT) to its native planes, then JPEG's chroma
/// siting (each chroma sample centred on the luma samples it covers, upsampled bilinearly, edges
/// repeated) and the JFIF YCbCr to RGB matrix, in Double. ffmpeg's RGB output is not used: its
/// scaler does not centre the chroma as JPEG does and differs from any JPEG decoder by up to 17
/// levels at 4:2:0.
func ffmpegReference(_ jpeg: [UInt8], kind: JPEGKind, in folder: TemporaryFolder) throws -> [Double] {
    let ffmpeg = try imageTool("ffmpeg", package: "ffmpeg")
    let file = folder.file("oracle-\(UUID().uuidString).jpg")
    try Data(jpeg).write(to: URL(fileURLWithPath: file))
    let planes = [UInt8](try runImageTool(ffmpeg, ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", kind.ffmpegFormat, "-"]))
    let (w, h) = (kind.width, kind.height)
    if kind.greyscale {
        #expect(planes.count == w * h)
        return planes.flatMap { [Double($0), Double($0), Double($0)] }
    }
    let (sx, sy) = kind.subsampling
    let (cw, ch) = ((w + sx - 1) / sx, (h + sy - 1) / sy)
    #expect(planes.count == w * h + 2 * cw * ch)
    func chroma(_ plane: Int, _ x: Int, _ y: Int) -> Double {
        let fx = (Double(x) + 0.5) / Double(sx) - 0.5, fy = (Double(y) + 0.5) / Double(sy) - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = fx - Double(x0), ay = fy - Double(y0)
        func at(_ px: Int, _ py: Int) -> Double {
            Double(planes[w * h + plane * cw * ch + min(max(py, 0), ch - 1) * cw + min(max(px, 0), cw - 1)])
        }
        return at(x0, y0) * (1 - ax) * (1 - ay) + at(x0 + 1, y0) * ax * (1 - ay)
            + at(x0, y0 + 1) * (1 - ax) * ay + at(x0 + 1, y0 + 1) * ax * ay
    }
    var rgb: [Double] = []
    for y in 0..<h {
        for x in 0..<w {
            let luma = Double(planes[y * w + x]), cb = chroma(0, x, y) - 128, cr = chroma(1, x, y) - 128
            for v in [luma + 1.402 * cr, luma - 0.344136 * cb - 0.714136 * cr, luma + 1.772 * cb] {
                rgb.append(min(255, max(0, v.rounded())))
            }
        }
    }
    return rgb
}

/// The largest and the mean difference, in 8-bit levels, between an image's colour and RGB
/// levels; and whether every alpha is exactly 1.
func levelDifferences(_ image: RGBAImage, _ rgb: [Double]) -> (max: Double, mean: Double, opaque: Bool) {
    var largest = 0.0, total = 0.0, opaque = true
    for p in 0..<(image.width * image.height) {
        for c in 0..<3 {
            let d = abs(Double(image.pixels[p * 4 + c]) * 255 - rgb[p * 3 + c])
            largest = max(largest, d)
            total += d
        }
        if image.pixels[p * 4 + 3] != 1 { opaque = false }
    }
    return (largest, total / Double(rgb.count), opaque)
}

/// The `ImageError` that `body` throws, or nil when it returns (or throws something else).
func imageError<T>(_ body: () throws -> T) -> ImageError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? ImageError
    }
}

/// The offset of the first frame header (SOF0 or SOF2) marker.
func frameHeaderOffset(_ jpeg: [UInt8]) -> Int? {
    (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) }
}

/// An APP1 EXIF segment holding IFD0 with one entry, the orientation tag, in either byte order.
func exifSegment(orientation: Int, littleEndian: Bool, type: Int = 3, count: Int = 1) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
    func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
    var tiff: [UInt8] = littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
    tiff += u32(8)                       // IFD0 right after the 8-byte TIFF header
    tiff += u16(1)                       // one entry
    tiff += u16(0x0112) + u16(type) + u32(count) + u16(orientation) + [0, 0]
    tiff += u32(0)                       // no next IFD
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
}

/// `jpeg` with `segment` inserted right after its start-of-image marker.
func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
    Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
}

@Suite("JPEG through libjpeg-turbo, checked against ffmpeg's decoder")
struct JPEGTests {
    /// Two decoders' IDCTs each stay within one level of the exact IDCT (IEEE 1180), which the
    /// YCbCr to RGB matrix scales by at most 1 + 1.772 for one channel, plus rounding of the
    /// upsampled chroma (libjpeg's integer filter against the Double one): up to 4 levels at a
    /// pixel, and well under one level on average.
    static let maxLevels = 4.0
    static let meanLevels = 0.75

    @Test("decodes like ffmpeg's MJPEG decoder", arguments: JPEGKind.all)
    func matchesFFmpeg(kind: JPEGKind) throws {
        try withTemporaryFolder { folder in
            let jpeg = try makeJPEG(kind, in: folder)
            let header = try JPEG.readHeader(jpeg, name: "fixture.jpg")
            #expect(header.width == kind.width && header.height == kind.height)
            #expect(header.isProgressive == kind.progressive)
            #expect(header.isGreyscale == kind.greyscale)
            #expect(header.orientation == .up)
            let image = try JPEG.decode(jpeg, name: "fixture.jpg")
            #expect(image.width == kind.width && image.height == kind.height)
            let reference = try ffmpegReference(jpeg, kind: kind, in: folder)
            let (largest, mean, opaque) = levelDifferences(image, reference)
            #expect(opaque, "JPEG is opaque: every alpha is 1")
            #expect(largest <= Self.maxLevels, "largest difference from ffmpeg: \(largest) levels")
            #expect(mean <= Self.meanLevels, "mean difference from ffmpeg: \(mean) levels")
            // And near the picture itself (quality 95 loses little of a smooth picture).
            if !kind.greyscale {
                let original = smoothPicture(width: kind.width, height: kind.height).map(Double.init)
                #expect(levelDifferences(image, original).mean < 3)
            }
        }
    }

    /// Where the stored row 0 and column 0 are seen, by the EXIF specification's table for each
    /// orientation value ("the 0th row represents the visual top, the 0th column the visual
    /// left-hand side", ...).
    static let exifSides: [Int: (row0: String, column0: String)] = [
        1: ("top", "left"), 2: ("top", "right"), 3: ("bottom", "right"), 4: ("bottom", "left"),
        5: ("left", "top"), 6: ("right", "top"), 7: ("right", "bottom"), 8: ("left", "bottom"),
    ]

    /// The stored pixel (column c, row r) of a `sw` x `sh` picture, where it is seen.
    static func seenPosition(c: Int, r: Int, sw: Int, sh: Int, orientation: Int) -> (x: Int, y: Int) {
        let (row0, column0) = exifSides[orientation]!
        let swapped = orientation >= 5
        let (w, h) = swapped ? (sh, sw) : (sw, sh)
        var x = 0, y = 0
        switch row0 {  // stored rows run from this side of the picture seen
        case "top": y = r
        case "bottom": y = h - 1 - r
        case "left": x = r
        default: x = w - 1 - r
        }
        switch column0 {  // stored columns run from this side
        case "left": x = c
        case "right": x = w - 1 - c
        case "top": y = c
        default: y = h - 1 - c
        }
        return (x, y)
    }

    @Test("applies each EXIF orientation, as the EXIF table says", arguments: 1...8, [true, false])
    func orientation(value: Int, littleEndian: Bool) throws {
        let kind = JPEGKind(label: "4:4:4", cjpeg: ["-sample", "1x1"], ffmpegFormat: "yuvj444p", subsampling: (1, 1),
                            progressive: false, width: 13, height: 6)
        try withTemporaryFolder { folder in
            let plain = try makeJPEG(kind, in: folder)
            let stored = try ffmpegReference(plain, kind: kind, in: folder)  // ffmpeg reads no orientation here
            let jpeg = inserting(exifSegment(orientation: value, littleEndian: littleEndian), into: plain)
            #expect(JPEG.orientation(in: jpeg).rawValue == value)
            let image = try JPEG.decode(jpeg, name: "photo.jpg")
            let swapped = value >= 5
            try #require(image.width == (swapped ? 6 : 13) && image.height == (swapped ? 13 : 6))
            #expect(try JPEG.readHeader(jpeg, name: "photo.jpg").width == image.width)
            var expected = [Double](repeating: 0, count: 13 * 6 * 3)
            for r in 0..<6 {
                for c in 0..<13 {
                    let (x, y) = Self.seenPosition(c: c, r: r, sw: 13, sh: 6, orientation: value)
                    for k in 0..<3 { expected[(y * image.width + x) * 3 + k] = stored[(r * 13 + c) * 3 + k] }
                }
            }
            let (largest, _, _) = levelDifferences(image, expected)
            #expect(largest <= Self.maxLevels, "orientation \(value): largest difference \(largest) levels")
        }
    }

    @Test("malformed EXIF data is read as orientation 1, the picture still decoded")
    func malformedEXIF() throws {
        let kind = JPEGKind.all[1]
        try withTemporaryFolder { folder in
            let plain = try makeJPEG(kind, in: folder)
            let good = exifSegment(orientation: 6, littleEndian: true)
            let cases: [(String, [UInt8])] = [
                ("orientation 9", exifSegment(orientation: 9, littleEndian: true)),
                ("orientation 0", exifSegment(orientation: 0, littleEndian: false)),
                ("a LONG, not a SHORT", exifSegment(orientation: 6, littleEndian: true, type: 4)),
                ("two values", exifSegment(orientation: 6, littleEndian: true, count: 2)),
                ("a bad byte order", Array(good[0..<10]) + [0x49, 0x4D] + Array(good[12...])),
                ("an IFD past the end", Array(good[0..<14]) + [0xFF, 0xFF, 0, 0] + Array(good[18...])),
                ("XMP, not EXIF", [0xFF, 0xE1, 0, 8] + Array("http".utf8) + [0, 0]),
            ]
            for (label, segment) in cases {
                let jpeg = inserting(segment, into: plain)
                #expect(JPEG.orientation(in: jpeg) == .up, "\(label)")
                let image = try JPEG.decode(jpeg, name: "x.jpg")
                #expect(image.width == kind.width, "\(label)")
            }
            // An XMP segment first does not hide the EXIF one after it.
            let both = inserting([0xFF, 0xE1, 0, 8] + Array("http".utf8) + [0, 0], into: inserting(good, into: plain))
            #expect(JPEG.orientation(in: both) == .right)
        }
    }

    /// An 8 x 8 CMYK JPEG (stored as YCCK) from TurboJPEG's own compressor.
    static func cmykJPEG() throws -> [UInt8] {
        let (width, height) = (8, 8)
        let cmyk = [UInt8](repeating: 128, count: width * height * 4)
        guard let handle = tjInitCompress() else { throw ImageToolError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = tjCompress2(handle, cmyk, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size,
                                 Int32(TJSAMP_444.rawValue), 90, 0)
        guard status == 0, let output else { throw ImageToolError("tjCompress2: \(String(cString: tjGetErrorStr2(handle)))") }
        let bytes = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        tjFree(output)
        return bytes
    }

    @Test("a CMYK JPEG is refused as unsupported, naming the file")
    func cmyk() throws {
        let jpeg = try Self.cmykJPEG()
        let error = Result { () throws(ImageError) in try JPEG.decode(jpeg, name: "print.jpg") }
        guard case let .failure(.unsupported(path, format, reason)) = error else {
            Issue.record("expected .unsupported, got \(error)")
            return
        }
        #expect(path == "print.jpg" && format == .jpeg && reason.contains("CMYK"))
        #expect(ImageError.unsupported(path: path, format: format, reason: reason).description
            .hasPrefix("print.jpg: unsupported JPEG: CMYK"))
    }

    @Test("truncated and corrupt files are errors naming the file, never a grey remainder")
    func truncatedAndCorrupt() throws {
        try withTemporaryFolder { folder in
            let jpeg = try makeJPEG(JPEGKind.all[3], in: folder)  // progressive
            let baseline = try makeJPEG(JPEGKind.all[0], in: folder)
            let cuts: [(String, [UInt8])] = [
                ("no end marker", Array(jpeg.dropLast(2))), ("half", Array(jpeg.prefix(jpeg.count / 2))),
                ("the header only", Array(baseline.prefix(frameHeaderOffset(baseline)! + 10))),
                ("the signature only", [0xFF, 0xD8, 0xFF]), ("baseline, half", Array(baseline.prefix(baseline.count / 2))),
            ]
            for (label, bytes) in cuts {
                let error = imageError { try JPEG.decode(bytes, name: "cut.jpg") }
                guard case let .undecodable(path, format, reason)? = error else { Issue.record("\(label): \(String(describing: error))"); continue }
                #expect(path == "cut.jpg" && format == .jpeg && !reason.isEmpty, "\(label)")
                #expect(error!.description.hasPrefix("cut.jpg: corrupt or truncated JPEG ("), "\(label)")
            }
            // A frame header whose component count is garbage.
            var corrupt = baseline
            corrupt[frameHeaderOffset(baseline)! + 9] = 0xEE
            #expect(throws: ImageError.self) { try JPEG.decode(corrupt, name: "bad.jpg") }
            #expect(throws: ImageError.self) { try JPEG.decode([], name: "empty.jpg") }
        }
    }

    @Test("a header announcing a huge picture is refused before anything is decoded")
    func hugeClaim() throws {
        try withTemporaryFolder { folder in
            let jpeg = try makeJPEG(JPEGKind.all[0], in: folder)
            let sof = frameHeaderOffset(jpeg)!
            func claiming(width: Int, height: Int) -> [UInt8] {
                var bytes = jpeg
                bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
                bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
                return bytes
            }
            let huge = claiming(width: 65000, height: 65000)
            #expect(throws: ImageError.tooLarge(path: "huge.jpg", width: 65000, height: 65000, limit: .dimension(16384))) {
                try JPEG.decode(huge, name: "huge.jpg")
            }
            #expect(throws: ImageError.tooLarge(path: "wide.jpg", width: 16000, height: 16000, limit: .pixelBudget(64 << 20))) {
                try JPEG.decode(claiming(width: 16000, height: 16000), name: "wide.jpg")
            }
            // Through the render budget, the size named with the file.
            let file = folder.file("huge.jpg")
            try Data(huge).write(to: URL(fileURLWithPath: file))
            do {
                _ = try RenderBudget().readImage(path: file)
                Issue.record("read")
            } catch let error as RenderBudgetError {
                #expect(error.file == file && error.width == 65000)
            }
            // An orientation that swaps the sides swaps what is checked too.
            let tall = inserting(exifSegment(orientation: 6, littleEndian: true), into: claiming(width: 16000, height: 100))
            let limits = ImageLimits(maxDimension: 16384, maxPixels: 64 << 20)
            #expect(try JPEG.readHeader(tall, name: "t.jpg").height == 16000)
            #expect(throws: ImageError.tooLarge(path: "t.jpg", width: 100, height: 16000, limit: .dimension(8000))) {
                try JPEG.decode(tall, name: "t.jpg", limits: ImageLimits(maxDimension: 8000, maxPixels: limits.maxPixels))
            }
        }
    }
}
