import ShaderFXCore

/// Rectangles placed on shelves in a `width` × `height` area: each shelf is a band of rows as
/// tall as the first rectangle put on it, filled left to right; a rectangle goes on the
/// lowest-waste shelf that holds it, or opens a new shelf below the last. Placements never
/// overlap and stay inside the area; a pure value, so its tests need no GPU.
struct ShelfPacker: Sendable, Equatable {
    struct Shelf: Sendable, Equatable {
        var y: Int
        var height: Int
        /// Columns filled from the left.
        var filled: Int
    }

    let width: Int
    let height: Int
    private(set) var shelves: [Shelf] = []
    /// The widest shelf's filled columns: the used rectangle is `usedWidth` × `usedHeight`.
    private(set) var usedWidth = 0

    init(width: Int, height: Int) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
    }

    /// The rows used: down to the bottom of the last shelf.
    var usedHeight: Int { shelves.last.map { $0.y + $0.height } ?? 0 }

    var isEmpty: Bool { shelves.isEmpty }

    /// The top-left corner given to a `w` × `h` rectangle, or nil when no room is left for it.
    mutating func place(width w: Int, height h: Int) -> SIMD2<Int>? {
        precondition(w > 0 && h > 0)
        guard w <= width, h <= height else { return nil }
        let canOpen = usedHeight + h <= height
        var best: Int?
        for i in shelves.indices where shelves[i].height >= h && shelves[i].filled + w <= width {
            if best.map({ shelves[i].height < shelves[$0].height }) ?? true { best = i }
        }
        // A shelf more than twice as tall as the rectangle is used only when no new one fits:
        // short masks (rounded rectangles) would otherwise fill the band of a tall one (a photo's).
        if let i = best, shelves[i].height <= 2 * h || !canOpen { return put(on: i, width: w) }
        // The last shelf grows taller when nothing lies below it and the rectangle fits beside.
        if let last = shelves.indices.last, shelves[last].filled + w <= width, shelves[last].height < h,
           shelves[last].y + h <= height, shelves[last].height * 2 >= h {
            shelves[last].height = h
            return put(on: last, width: w)
        }
        guard canOpen else { return nil }
        shelves.append(Shelf(y: usedHeight, height: h, filled: 0))
        return put(on: shelves.count - 1, width: w)
    }

    private mutating func put(on index: Int, width w: Int) -> SIMD2<Int> {
        let corner = SIMD2(shelves[index].filled, shelves[index].y)
        shelves[index].filled += w
        usedWidth = max(usedWidth, shelves[index].filled)
        return corner
    }
}

/// The coverage masks of paint draws packed into one 8-bit texture, which keeps them from
/// batch to batch: a mask drawn again (a kept mask of an unchanged shape or text, the same
/// coverage storage) is found where it was placed, so the frames of an unchanged view copy and
/// upload no mask at all.
///
/// llvmpipe (and a GPU driver alike) must finish every queued draw that reads a texture before
/// that texture is rewritten, so one mask texture rewritten before each draw made each draw
/// wait for the one before. Here new masks are copied into a CPU-side staging picture as the
/// draws are queued (`place`), and the rectangle holding the new ones goes up once per batch
/// (`upload`). When the atlas is full the pipeline draws what is queued and starts the atlas
/// again empty (`restart`) in the other of two textures, so it need not wait for those draws.
///
/// A mask is known by its coverage's storage (and the region placed): the atlas holds on to
/// that storage while the mask is placed, so it is never freed, reused or changed in between
/// (an array shares storage only while its bytes are the same), and an equal identity is an
/// equal mask.
///
/// The atlas starts at `initialSide` on each side (or the GPU's limit) and grows, when empty, to
/// the first mask that does not fit; a mask is at most its target's size, which the GPU's
/// texture limit bounds, so every mask fits an empty atlas.
final class MaskAtlas {
    let context: GPUContext
    private var packer: ShelfPacker
    private var staging: [UInt8]
    private var textures: [CoverageTexture?] = [nil, nil]
    private var current = 0

    private struct Placement: Hashable {
        let storage: UInt
        let maskWidth: Int
        let left: Int, top: Int
        let size: SIMD2<Int>
    }

    /// The masks in the atlas, where they lie, and their coverage (held, so the storage stays theirs).
    private var placed: [Placement: (corner: SIMD2<Int>, coverage: [UInt8])] = [:]
    /// The rectangle of texels placed since the last upload (top-left, bottom-right exclusive).
    private var dirty: (low: SIMD2<Int>, high: SIMD2<Int>)?

    /// Texels on each side of a new atlas: a 1080 × 1920 card's text and shapes fit at 1×.
    static let initialSide = 2048

    init(context: GPUContext) {
        self.context = context
        let side = min(Self.initialSide, context.info.maxTextureSize)
        packer = ShelfPacker(width: side, height: side)
        staging = [UInt8](repeating: 0, count: side * side)
    }

    /// The atlas's size in texels.
    var size: SIMD2<Int> { SIMD2(packer.width, packer.height) }

    /// Whether no mask is placed.
    var isEmpty: Bool { packer.isEmpty }

    /// Masks placed now (for tests).
    var placedCount: Int { placed.count }

    /// The texel where the region's top-left pixel of `mask` lies in the atlas (`region` in
    /// device pixels of the mask's grid): where it was placed before, or copied into the atlas
    /// now. Nil when the atlas has no room left (`restart`, then place again: an empty atlas
    /// always takes the mask).
    func place(_ mask: CoverageMask, region: (origin: SIMD2<Int>, size: SIMD2<Int>)) -> SIMD2<Int>? {
        let (w, h) = (region.size.x, region.size.y)
        precondition(w > 0 && h > 0 && region.origin.x >= mask.originX && region.origin.y >= mask.originY
                     && region.origin.x + w <= mask.originX + mask.width && region.origin.y + h <= mask.originY + mask.height)
        let left = region.origin.x - mask.originX, top = region.origin.y - mask.originY
        let storage = mask.coverage.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let key = Placement(storage: storage, maskWidth: mask.width, left: left, top: top, size: region.size)
        if let kept = placed[key] { return kept.corner }
        guard let corner = packer.place(width: w, height: h) ?? (packer.isEmpty ? grow(toFit: region.size) : nil) else { return nil }
        let side = packer.width
        staging.withUnsafeMutableBufferPointer { atlas in
            mask.coverage.withUnsafeBufferPointer { source in
                for row in 0..<h {
                    let from = source.baseAddress! + (top + row) * mask.width + left
                    (atlas.baseAddress! + (corner.y + row) * side + corner.x).update(from: from, count: w)
                }
            }
        }
        placed[key] = (corner, mask.coverage)
        let high = corner &+ region.size
        dirty = dirty.map { (pointwiseMin($0.low, corner), pointwiseMax($0.high, high)) } ?? (corner, high)
        return corner
    }

    /// A larger empty atlas taking a `needed` mask, and the mask's corner in it.
    private func grow(toFit needed: SIMD2<Int>) -> SIMD2<Int>? {
        let limit = context.info.maxTextureSize
        func side(_ needed: Int, _ current: Int) -> Int { max(min((max(needed, current) + 255) / 256 * 256, limit), needed) }
        packer = ShelfPacker(width: side(needed.x, packer.width), height: side(needed.y, packer.height))
        staging = [UInt8](repeating: 0, count: packer.width * packer.height)
        textures = [nil, nil]
        return packer.place(width: needed.x, height: needed.y)
    }

    /// The texture holding every placed mask where `place` said, the masks placed since the
    /// last call written into it (their rectangle, in one call); nil when no mask is placed.
    func upload() throws -> CoverageTexture? {
        guard !packer.isEmpty else { return nil }
        let texture: CoverageTexture
        if let kept = textures[current], kept.width == packer.width, kept.height == packer.height {
            texture = kept
        } else {
            texture = try CoverageTexture(context: context, width: packer.width, height: packer.height)
            textures[current] = texture
            dirty = (.zero, SIMD2(packer.usedWidth, packer.usedHeight))
        }
        if let (low, high) = dirty {
            let side = packer.width
            try staging.withUnsafeBufferPointer { (bytes) throws(GPUError) in
                let from = UnsafeBufferPointer(rebasing: bytes[(low.y * side + low.x)...])
                try texture.upload(from, rowLength: side, at: low, width: high.x - low.x, height: high.y - low.y)
            }
            dirty = nil
        }
        return texture
    }

    /// Whether masks placed since the last `upload` wait to be sent.
    var hasNewMasks: Bool { dirty != nil }

    /// Forgets every placed mask and starts the atlas again empty, in the other texture (the
    /// draws queued on this one need not finish before it is written).
    func restart() {
        packer = ShelfPacker(width: packer.width, height: packer.height)
        placed = [:]
        dirty = nil
        current = 1 - current
    }
}
