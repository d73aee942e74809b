import Foundation

/// Pictures defined as views, drawn when no input file is given (`--picture`, a golden case's
/// `"picture"`, the transitions' sample pictures). Each is a SwiftUI view that takes the whole
/// size proposed to it, drawn by the view renderer: shapes with exact-area coverage, gradients
/// by their formula. examples/views/builtin holds the same views as view files.
public enum BuiltInPicture: String, Sendable, CaseIterable {
    /// The floor of a pool: 46-point rounded tiles whose straight lines show how a wave bends them
    /// (seed 001's `Canvas`, `PoolFloor`). Opaque.
    case pool
    /// A white disc on transparency with 16 points of padding, seed 000's `Circle().padding(16)`
    /// that Stripes fills (`PaddedCircle`). Its anti-aliased rim shows premultiplied coverage.
    case circle
    /// A colourful "cover art": a sunset gradient, a sun and the lines of a sea, for the blurred
    /// and warped background of seed 004 (`CoverArt`). Opaque.
    case cover

    /// A one-line description for `--help`.
    public var summary: String {
        switch self {
        case .pool: return "pool floor of 46-point rounded tiles (opaque)"
        case .circle: return "white disc on transparency, 16-point padding"
        case .cover: return "colourful cover art: sunset, sun and sea (opaque)"
        }
    }

    /// The view that defines the picture.
    public var view: AnyView {
        switch self {
        case .pool: return AnyView(PoolFloor())
        case .circle: return AnyView(PaddedCircle())
        case .cover: return AnyView(CoverArt())
        }
    }

    /// Draws the picture's view at `width` x `height` pixels (= points, scale 1) on `renderer`'s
    /// GPU context, as `ViewRenderer` draws any view proposed that size.
    /// - Parameters:
    ///   - width: the width in pixels, at least 1.
    ///   - height: the height in pixels, at least 1.
    ///   - renderer: the GPU context to draw on.
    /// - Returns: the premultiplied picture, `width` x `height`.
    /// - Throws: `ViewError` for an empty size, the renderer's errors (budget, GL) otherwise.
    public func draw(width: Int = 512, height: Int = 384, on renderer: Renderer) throws -> RGBAImage {
        guard width > 0, height > 0 else {
            throw ViewError("the \(rawValue) picture is \(width) × \(height) pixels: nothing to draw")
        }
        // The frame holds the picture to its size where the view's own minimum is larger (the
        // circle's padding asks 32 points at least: below that the disc is empty, and so is the picture).
        let framed = view.frame(width: CGFloat(width), height: CGFloat(height))
        let viewRenderer = try ViewRenderer(content: framed, renderer: renderer)
        viewRenderer.proposedSize = ProposedViewSize(width: CGFloat(width), height: CGFloat(height))
        let image = try viewRenderer.render()
        guard image.width == width, image.height == height else {
            throw ViewError("the \(rawValue) picture came out \(image.width) × \(image.height) pixels, not \(width) × \(height)")
        }
        return image
    }
}

/// The floor of a pool, seed 001's tiles: a `Canvas` of 46-point squares, each inset by 2 points
/// and rounded by 6 (`Path(roundedRect:cornerRadius:)`, SwiftUI's default continuous corners),
/// in five shades of turquoise over a deep blue background. The straight lines show how a wave
/// bends them.
public struct PoolFloor: View {
    /// The pool floor.
    public init() {}

    public var body: some View {
        Canvas { context, size in
            let side = 46.0
            let columns = Int((size.width / side).rounded(.up))
            let rows = Int((size.height / side).rounded(.up))
            for row in 0..<rows {
                for column in 0..<columns {
                    let tile = CGRect(x: Double(column) * side, y: Double(row) * side, width: side, height: side)
                    let shade = Double((row * 7 + column * 13) % 5) / 4
                    let color = Color(hue: 0.52 + 0.03 * shade, saturation: 0.7, brightness: 0.72 + 0.2 * shade)
                    context.fill(Path(roundedRect: tile.insetBy(dx: 2, dy: 2), cornerRadius: 6), with: .color(color))
                }
            }
        }
        .background(Color(hue: 0.56, saturation: 0.8, brightness: 0.42))
    }
}

/// Seed 000's circle: a white disc as wide as the smaller side less 16 points of padding all
/// round, centred, on transparency.
public struct PaddedCircle: View {
    /// The padded disc.
    public init() {}

    public var body: some View {
        Circle()
            .fill(.white)
            .padding(16)
    }
}

/// A cover art for seed 004's blurred background: a sky from deep violet at the top to coral at
/// the bottom, a yellow sun of radius 0.2 × the smaller side centred at 42 % of the height, and
/// three bands of sea at 66, 76 and 86 % of the height, each thinner than the last (half-widths
/// 0.045, 0.035, 0.025 × the smaller side), their edges a sine wave (amplitude 0.012 × the
/// smaller side, 9 radians per smaller side), drawn as polygons through a point every 2 points.
public struct CoverArt: View {
    /// The cover art.
    public init() {}

    public var body: some View {
        Canvas { context, size in
            let unit = min(size.width, size.height)
            let sky = Gradient(colors: [Color(red: 0.16, green: 0.10, blue: 0.42), Color(red: 0.98, green: 0.46, blue: 0.38)])
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)),
                         with: .linearGradient(sky, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 0, y: size.height)))

            let radius = unit * 0.2
            let sun = CGRect(x: size.width / 2 - radius, y: size.height * 0.42 - radius, width: radius * 2, height: radius * 2)
            context.fill(Path(ellipseIn: sun), with: .color(Color(red: 1.0, green: 0.86, blue: 0.32)))

            // Three bands of sea across the lower third, each thinner than the last.
            let steps = Int((size.width / 2).rounded(.up)) + 2
            for band in 0..<3 {
                let middle = size.height * (0.66 + 0.1 * Double(band))
                let half = unit * (0.045 - 0.01 * Double(band))
                var sea = Path()
                for step in 0...steps {
                    let x = Double(step) * 2 - 2
                    let y = middle + sin(x / unit * 9 + Double(band) * 1.7) * unit * 0.012 - half
                    if step == 0 {
                        sea.move(to: CGPoint(x: x, y: y))
                    } else {
                        sea.addLine(to: CGPoint(x: x, y: y))
                    }
                }
                for step in 0...steps {
                    let x = Double(steps - step) * 2 - 2
                    let y = middle + sin(x / unit * 9 + Double(band) * 1.7) * unit * 0.012 + half
                    sea.addLine(to: CGPoint(x: x, y: y))
                }
                sea.closeSubpath()
                context.fill(sea, with: .color(Color(red: 0.05, green: 0.32, blue: 0.45)))
            }
        }
    }
}

extension BuiltInTransitions {
    /// The pictures used when none are given, at `width` x `height` points: the built-in pool
    /// drawn on `renderer`, and the same floor with red and blue swapped (`samplePictures(pool:)`).
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - renderer: the GPU context the pool is drawn on.
    public static func samplePictures(width: Int = 512, height: Int = 384, on renderer: Renderer) throws -> (from: RGBAImage, to: RGBAImage) {
        samplePictures(pool: try BuiltInPicture.pool.draw(width: width, height: height, on: renderer))
    }
}
