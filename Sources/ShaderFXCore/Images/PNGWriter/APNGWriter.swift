// Writes animated PNGs (APNG) to a file as frames arrive, holding no frame after it is written.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams an animated PNG to a file, frame by frame.
///
/// ```swift
/// let writer = try APNGWriter(path: "out.png", width: 640, height: 480)
/// for frame in frames { try writer.append(frame, delay: .init(fps: 30)) }
/// try writer.finish()
/// ```
///
/// The file holds the PNG signature, IHDR, acTL, then for each frame an fcTL chunk and its
/// image data (IDAT for the first frame, which viewers without APNG support show; fdAT for
/// the others), then IEND. Sequence numbers count up from 0 across fcTL and fdAT chunks.
/// When the frame count is not given up front, acTL is written with a count of 0 and
/// rewritten by `finish()` (the file must then be seekable). Memory use does not grow with the
/// number of frames: each frame is compressed, written and dropped.
///
/// All frames share the colour format given at creation (`PNGEncoder.Options.dropOpaqueAlpha`
/// is ignored). A writer is used from one thread at a time; each frame may still be
/// compressed on several threads, as the encoder's `parallelism` allows.
public final class APNGWriter {
    /// What happens to a frame's region before the next frame is drawn (fcTL dispose_op).
    public enum Dispose: UInt8, Sendable {
        /// Leave the region as it is.
        case none = 0
        /// Clear the region to transparent black.
        case background = 1
        /// Restore the region to what it was before this frame.
        case previous = 2
    }

    /// How a frame is drawn onto the canvas (fcTL blend_op).
    public enum Blend: UInt8, Sendable {
        /// Replace the region's pixels, alpha included.
        case source = 0
        /// Composite the frame over the region (alpha blending).
        case over = 1
    }

    /// How long a frame is shown: `numerator / denominator` seconds.
    public struct Delay: Sendable, Equatable {
        /// The numerator, 0...65535 (0: show for as short a time as the viewer can).
        public var numerator: Int
        /// The denominator, 1...65535.
        public var denominator: Int

        /// A delay of `numerator / denominator` seconds.
        public init(numerator: Int, denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// One frame at `fps` frames per second: `1 / fps` seconds.
        public init(fps: Int) {
            self.init(numerator: 1, denominator: fps)
        }
    }

    /// The canvas width in pixels.
    public let width: Int
    /// The canvas height in pixels.
    public let height: Int
    /// The colour format of every frame.
    public let format: PNGColorFormat
    /// The frame count announced in acTL at creation, if any.
    public let announcedFrameCount: Int?
    /// The number of frames written so far.
    public private(set) var framesWritten = 0

    private let encoder: PNGEncoder
    private let plays: Int
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    /// The file offset of the acTL chunk's length field.
    private let animationControlOffset: Int
    private var sequence: UInt32 = 0
    private var closed = false
    /// The output a path was opened as; committed by `finish()`, discarded when dropped unfinished.
    private var output: OutputFile.Stream?

    /// Writes an animation to `path` as every ShaderFX output is written (`OutputFile`): into a
    /// temporary file renamed into place by `finish()`, or straight through to a device or FIFO;
    /// an unfinished writer leaves the path untouched.
    /// - Parameters:
    ///   - path: the file to write; its directory must exist.
    ///   - width: the canvas width, 1...2147483647.
    ///   - height: the canvas height, 1...2147483647.
    ///   - format: the colour format of every frame (default RGBA).
    ///   - frameCount: the number of frames that will be appended, if known; nil to count them
    ///     and rewrite acTL in `finish()` (the path must then be a regular file).
    ///   - plays: how many times the animation plays; 0 (the default) loops forever.
    ///   - encoder: compression and parallelism for the frames.
    /// - Throws: `PNGEncodingError.invalidDimensions`, `.frameMismatch` (bad `frameCount` or
    ///   `plays`) or `.io`.
    public convenience init(
        path: String, width: Int, height: Int, format: PNGColorFormat = .rgba,
        frameCount: Int? = nil, plays: Int = 0, encoder: PNGEncoder = PNGEncoder()
    ) throws(PNGEncodingError) {
        let stream: OutputFile.Stream
        do {
            stream = try OutputFile.Stream(path: path)
        } catch {
            throw .io(operation: "open \(path)", code: 0, message: "\(error)")
        }
        try self.init(
            fileDescriptor: stream.descriptor, closeWhenDone: false, width: width, height: height, format: format,
            frameCount: frameCount, plays: plays, encoder: encoder)
        output = stream
    }

    /// Writes the header to an open file descriptor, at its current offset.
    /// - Parameters:
    ///   - fileDescriptor: open for writing; it must be seekable when `frameCount` is nil.
    ///   - closeWhenDone: close the descriptor in `finish()` (and when the writer is dropped).
    ///   - width, height, format, frameCount, plays, encoder: as for `init(path:...)`.
    /// - Throws: `PNGEncodingError.invalidDimensions`, `.frameMismatch` or `.io`.
    public init(
        fileDescriptor: Int32, closeWhenDone: Bool = false, width: Int, height: Int,
        format: PNGColorFormat = .rgba, frameCount: Int? = nil, plays: Int = 0,
        encoder: PNGEncoder = PNGEncoder()
    ) throws(PNGEncodingError) {
        self.descriptor = fileDescriptor
        self.ownsDescriptor = closeWhenDone
        self.width = width
        self.height = height
        self.format = format
        self.announcedFrameCount = frameCount
        self.plays = plays
        self.encoder = encoder
        let limit = Int(Int32.max)
        let start = lseek(fileDescriptor, 0, SEEK_CUR)
        self.animationControlOffset = Int(start) + 8 + 25
        do throws(PNGEncodingError) {
            guard (1...limit).contains(width), (1...limit).contains(height) else {
                throw .invalidDimensions(width: width, height: height)
            }
            if let frameCount, !(1...limit).contains(frameCount) {
                throw .frameMismatch(reason: "the frame count must be 1...\(limit), not \(frameCount)")
            }
            guard (0...limit).contains(plays) else {
                throw .frameMismatch(reason: "the play count must be 0...\(limit), not \(plays)")
            }
            if frameCount == nil && start < 0 {
                throw Self.ioError("seek (an animation of unknown length needs a seekable file)")
            }
            var out = ChunkWriter()
            out.bytes += ChunkWriter.signature
            out.appendChunk("IHDR", ChunkWriter.headerData(width: width, height: height, format: format))
            out.appendChunk("acTL", animationControl(frames: frameCount ?? 0))
            try write(out.bytes)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Compresses and writes one frame.
    /// - Parameters:
    ///   - pixels: the frame's rows in the writer's `format`: `frameWidth` pixels each, rows
    ///     `rowBytes` apart.
    ///   - rowBytes: the distance between rows; nil for packed rows.
    ///   - delay: how long the frame is shown.
    ///   - dispose: what happens to the frame's region afterwards (default `.none`).
    ///   - blend: how the frame is drawn (default `.source`).
    ///   - region: the frame's place on the canvas as (x, y, width, height); nil for the whole
    ///     canvas. The first frame must cover the whole canvas.
    /// - Throws: `PNGEncodingError.frameMismatch`, `.invalidDelay`, the encoder's errors for
    ///   a bad buffer, `.io`, or `.writerClosed` after `finish()` or a failed write.
    public func append(
        _ pixels: UnsafeRawBufferPointer, rowBytes: Int? = nil, delay: Delay,
        dispose: Dispose = .none, blend: Blend = .source,
        region: (x: Int, y: Int, width: Int, height: Int)? = nil
    ) throws(PNGEncodingError) {
        guard !closed else { throw .writerClosed }
        let (x, y, w, h) = region ?? (0, 0, width, height)
        try checkPlacement(x: x, y: y, width: w, height: h, delay: delay)
        let frame = try encoder.compressFrame(pixels, width: w, height: h, rowBytes: rowBytes, format: format)
        try append(frame, delay: delay, dispose: dispose, blend: blend, at: (x, y))
    }

    /// Writes a frame compressed ahead of time with `PNGEncoder.compressFrame`, e.g. on
    /// worker threads while earlier frames are written: frames must still be appended in
    /// order.
    /// - Parameters:
    ///   - frame: the compressed frame, in the writer's `format`.
    ///   - delay, dispose, blend: as for `append(_:rowBytes:delay:dispose:blend:region:)`.
    ///   - origin: the frame's top-left corner on the canvas (default 0, 0); the first frame
    ///     must cover the whole canvas.
    /// - Throws: `PNGEncodingError.frameMismatch`, `.invalidDelay`, `.io`, or `.writerClosed`.
    public func append(
        _ frame: CompressedFrame, delay: Delay, dispose: Dispose = .none, blend: Blend = .source,
        at origin: (x: Int, y: Int) = (0, 0)
    ) throws(PNGEncodingError) {
        guard !closed else { throw .writerClosed }
        guard frame.format == format else {
            throw .frameMismatch(reason: "the frame is \(frame.format), the animation \(format)")
        }
        let (x, y, w, h) = (origin.x, origin.y, frame.width, frame.height)
        try checkPlacement(x: x, y: y, width: w, height: h, delay: delay)
        let stream = frame.zlibStream

        var out = ChunkWriter(capacity: stream.count + stream.count / PNGEncoder.maximumChunkData * 16 + 64)
        var control = [UInt8]()
        for value in [sequence, UInt32(w), UInt32(h), UInt32(x), UInt32(y)] {
            ChunkWriter.putUInt32(&control, value)
        }
        control += [
            UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF),
            UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF),
            dispose.rawValue, blend.rawValue,
        ]
        var next = sequence + 1
        out.appendChunk("fcTL", control)
        stream.withUnsafeBytes { stream in
            var offset = 0
            repeat {
                let length = min(PNGEncoder.maximumChunkData, stream.count - offset)
                let piece = UnsafeRawBufferPointer(rebasing: stream[offset..<offset + length])
                if framesWritten == 0 {
                    out.appendChunk("IDAT", piece)
                } else {
                    var number = [UInt8]()
                    ChunkWriter.putUInt32(&number, next)
                    next += 1
                    out.appendChunk("fdAT", prefix: number, piece)
                }
                offset += length
            } while offset < stream.count
        }
        try writeOrClose(out.bytes)
        sequence = next
        framesWritten += 1
    }

    /// Checks a frame's delay and place on the canvas, and that one more frame is allowed.
    private func checkPlacement(x: Int, y: Int, width w: Int, height h: Int, delay: Delay)
        throws(PNGEncodingError)
    {
        guard (0...65535).contains(delay.numerator), (1...65535).contains(delay.denominator) else {
            throw .invalidDelay(numerator: delay.numerator, denominator: delay.denominator)
        }
        guard x >= 0, y >= 0, w >= 1, h >= 1, x <= width - w, y <= height - h else {
            throw .frameMismatch(
                reason: "region \(w)x\(h) at (\(x), \(y)) is not inside the \(width)x\(height) canvas")
        }
        if framesWritten == 0 && (x, y, w, h) != (0, 0, width, height) {
            throw .frameMismatch(reason: "the first frame must cover the whole \(width)x\(height) canvas")
        }
        if let announcedFrameCount, framesWritten == announcedFrameCount {
            throw .frameCountMismatch(announced: announcedFrameCount, written: framesWritten + 1)
        }
    }

    /// Compresses and writes one frame held in an array; see
    /// `append(_:rowBytes:delay:dispose:blend:region:)`.
    public func append(
        _ pixels: [UInt8], rowBytes: Int? = nil, delay: Delay, dispose: Dispose = .none,
        blend: Blend = .source, region: (x: Int, y: Int, width: Int, height: Int)? = nil
    ) throws(PNGEncodingError) {
        try pixels.withBytes { (bytes) throws(PNGEncodingError) in
            try append(bytes, rowBytes: rowBytes, delay: delay, dispose: dispose, blend: blend, region: region)
        }
    }

    /// Completes the file: rewrites acTL with the frame count if it was not announced, writes
    /// IEND, and closes the descriptor if the writer owns it.
    /// - Throws: `.frameCountMismatch` when fewer frames than announced (or none) were
    ///   written, `.io`, or `.writerClosed` if already finished.
    public func finish() throws(PNGEncodingError) {
        guard !closed else { throw .writerClosed }
        defer { close() }
        let expected = announcedFrameCount ?? max(1, framesWritten)
        guard framesWritten == expected else {
            throw .frameCountMismatch(announced: expected, written: framesWritten)
        }
        if announcedFrameCount == nil {
            var chunk = ChunkWriter()
            chunk.appendChunk("acTL", animationControl(frames: framesWritten))
            let written = chunk.bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(animationControlOffset))
            }
            guard written == chunk.bytes.count else { throw Self.ioError("rewrite acTL") }
        }
        var end = ChunkWriter()
        end.appendChunk("IEND", [])
        try write(end.bytes)
        if let output {
            do {
                try output.commit(durable: true)
            } catch {
                throw .io(operation: "finish \(output.path)", code: 0, message: "\(error)")
            }
        }
        if ownsDescriptor {
            let status = closeDescriptor(descriptor)
            descriptor = -1
            guard status == 0 else { throw Self.ioError("close") }
        }
    }

    /// acTL's data: the frame count and the play count.
    private func animationControl(frames: Int) -> [UInt8] {
        var data = [UInt8]()
        ChunkWriter.putUInt32(&data, UInt32(frames))
        ChunkWriter.putUInt32(&data, UInt32(plays))
        return data
    }

    /// Writes all of `bytes`; on failure closes the writer (the file is incomplete).
    private func writeOrClose(_ bytes: [UInt8]) throws(PNGEncodingError) {
        do throws(PNGEncodingError) {
            try write(bytes)
        } catch {
            close()
            throw error
        }
    }

    private func write(_ bytes: [UInt8]) throws(PNGEncodingError) {
        var failure: PNGEncodingError?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = writeDescriptor(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = Self.ioError("write")
                    return
                }
                offset += n
            }
        }
        if let failure { throw failure }
    }

    /// Marks the writer finished and closes an owned descriptor (errors ignored).
    private func close() {
        closed = true
        output?.discard()  // nothing after a successful finish: the output is committed
        if ownsDescriptor && descriptor >= 0 {
            _ = closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    private static func ioError(_ operation: String) -> PNGEncodingError {
        let code = errno
        return .io(operation: operation, code: code, message: String(cString: strerror(code)))
    }
}

// The C library's close and write, under names that the methods above do not shadow.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
