import ShaderFXCore

/// The gradient stops of a batch of paint draws as one float table: each distinct gradient
/// takes two rows (its straight colours, then its locations in `.r`), found again by content,
/// so a batch that fills fifty shapes with one gradient holds it once.
struct GradientStopTable: Equatable {
    private var rows: [ResolvedGradient: Int] = [:]
    private(set) var gradients: [ResolvedGradient] = []

    var isEmpty: Bool { gradients.isEmpty }

    /// Texels a row: the most stops of a gradient here.
    var width: Int { gradients.map(\.stops.count).max() ?? 0 }

    /// Rows in all: two a gradient.
    var height: Int { gradients.count * 2 }

    /// The first of `gradient`'s two rows when the table holds it.
    func row(ifPresent gradient: ResolvedGradient) -> Int? { rows[gradient] }

    /// The first of `gradient`'s two rows, added when new.
    mutating func row(of gradient: ResolvedGradient) -> Int {
        if let row = rows[gradient] { return row }
        let row = gradients.count * 2
        rows[gradient] = row
        gradients.append(gradient)
        return row
    }

    /// The table as RGBA floats, `width` × `height`, top row first; texels past a gradient's
    /// last stop are 0 (the shader reads only `sfx_stopCount` of them).
    var texels: [Float] {
        let width = self.width
        var values = [Float](repeating: 0, count: width * height * 4)
        for (g, gradient) in gradients.enumerated() {
            for (i, stop) in gradient.stops.enumerated() {
                for c in 0..<4 { values[(2 * g * width + i) * 4 + c] = stop.color[c] }
                values[((2 * g + 1) * width + i) * 4] = stop.location
            }
        }
        return values
    }
}

/// Two stop textures used in turn, the table's last contents kept: a batch whose table equals
/// the last one uploaded (the same gradients, frame after frame) reads that texture again and
/// uploads nothing; another is written into the other texture, which no draw of the batch
/// before reads.
final class GradientStopTextures {
    let context: GPUContext
    private var textures: [Texture?] = [nil, nil]
    private var last: (table: GradientStopTable, index: Int)?

    init(context: GPUContext) { self.context = context }

    /// A texture holding `table` from its top-left texel.
    func texture(for table: GradientStopTable) throws -> Texture {
        if let last, last.table == table, let kept = textures[last.index] { return kept }
        let index = last.map { 1 - $0.index } ?? 0
        let texture: Texture
        if let kept = textures[index], kept.width >= table.width, kept.height >= table.height {
            texture = kept
        } else {
            let keptSize = textures[index].map { SIMD2($0.width, $0.height) } ?? .zero
            texture = try Texture(context: context, width: max(table.width, keptSize.x, 16).roundedUp(to: 16),
                                  height: max(table.height, keptSize.y, 2).roundedUp(to: 2))
            textures[index] = texture
        }
        try texture.upload(floats: table.texels, at: .zero, width: table.width, height: table.height)
        last = (table, index)
        return texture
    }
}

extension Int {
    /// The smallest multiple of `step` at or above this (positive) value.
    func roundedUp(to step: Int) -> Int { (self + step - 1) / step * step }
}
