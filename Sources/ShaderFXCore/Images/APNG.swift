/// Builds an animated PNG (APNG) from frames encoded one by one with libpng.
///
/// Each frame is encoded as an ordinary 8-bit RGBA PNG; its image data (IDAT) becomes the
/// first frame's IDAT or a later frame's fdAT, behind an fcTL chunk giving its delay. Viewers
/// without APNG support show the first frame. Frames must all have the first frame's size.
public struct APNGBuilder: Sendable {
    /// Width and height of every frame.
    public let width: Int, height: Int
    /// Frames per second (each frame shows for 1/fps s).
    public let fps: Int
    private var frames: [[UInt8]] = []

    /// An empty animation of `width` x `height` at `fps` frames per second (1...65535).
    public init(width: Int, height: Int, fps: Int) {
        precondition((1...65535).contains(fps), "fps must fit APNG's 16-bit delay")
        self.width = width
        self.height = height
        self.fps = fps
    }

    /// The number of frames added.
    public var frameCount: Int { frames.count }

    /// Adds a frame given as a whole PNG file from `PNG.encodeRGBA`.
    public mutating func append(encodedFrame png: [UInt8]) throws(ImageError) {
        var data: [UInt8] = []
        var sawHeader = false
        for chunk in try Self.chunks(png) {
            switch chunk.type {
            case "IHDR":
                let w = Int(Self.uint32(chunk.data, 0)), h = Int(Self.uint32(chunk.data, 4))
                guard w == width, h == height, chunk.data[8] == 8, chunk.data[9] == 6 else {
                    throw .unwritable(path: "(animation)", reason: "frame \(frames.count) is \(w)x\(h); every frame must be \(width)x\(height) RGBA")
                }
                sawHeader = true
            case "IDAT": data += chunk.data
            default: break
            }
        }
        guard sawHeader, !data.isEmpty else { throw .corrupt(path: "(animation frame)", reason: "no image data") }
        frames.append(data)
    }

    /// The APNG file: loops forever.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        Self.put(&ihdr, UInt32(width)); Self.put(&ihdr, UInt32(height))
        ihdr += [8, 6, 0, 0, 0]
        Self.append(&out, "IHDR", ihdr)
        var actl: [UInt8] = []
        Self.put(&actl, UInt32(frames.count)); Self.put(&actl, 0)
        Self.append(&out, "acTL", actl)
        var sequence: UInt32 = 0
        for (index, data) in frames.enumerated() {
            var fctl: [UInt8] = []
            Self.put(&fctl, sequence); sequence += 1
            Self.put(&fctl, UInt32(width)); Self.put(&fctl, UInt32(height))
            Self.put(&fctl, 0); Self.put(&fctl, 0)
            fctl += [0, 1, UInt8(fps >> 8), UInt8(fps & 0xFF), 0, 0]  // delay 1/fps, dispose none, blend source
            Self.append(&out, "fcTL", fctl)
            if index == 0 {
                Self.append(&out, "IDAT", data)
            } else {
                var fdat: [UInt8] = []
                Self.put(&fdat, sequence); sequence += 1
                Self.append(&out, "fdAT", fdat + data)
            }
        }
        Self.append(&out, "IEND", [])
        return out
    }

    /// Writes the animation through `OutputFile`: atomically into a regular file (temporary
    /// file renamed into place), straight through to a device or FIFO.
    public func write(to path: String) throws(ImageError) {
        try OutputFile.write(encoded(), to: path)
    }

    // MARK: - Chunks

    struct Chunk { var type: String; var data: [UInt8] }

    static func chunks(_ png: [UInt8]) throws(ImageError) -> [Chunk] {
        guard png.count >= 8, png[0] == 0x89, png[1] == 0x50 else { throw .notPNG(path: "(animation frame)") }
        var chunks: [Chunk] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(uint32(png, i))
            guard i + 12 + length <= png.count else { throw .corrupt(path: "(animation frame)", reason: "truncated chunk") }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return chunks
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    static func put(_ bytes: inout [UInt8], _ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func append(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        put(&out, UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        put(&out, crc32(body))
    }

    /// The PNG chunk CRC (ISO 3309 / ITU-T V.42, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
