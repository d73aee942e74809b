import Foundation

/// A picture (SwiftUI's `Image`): from the assets (`Image("PalmTreeBeach")` finds
/// `PalmTreeBeach.png`, `.jpg` or `.svg` beside the view file or in the assets folders), from a
/// file, or from an `RGBAImage`. Shown at its size in points unless `resizable()`.
public struct Image: View, PrimitiveView {
    enum Source: Hashable {
        case named(String)
        case system(String)
        case file(String)
        case picture(PictureBox)
    }

    /// How an image is sampled when drawn at another size (SwiftUI's `Image.Interpolation`).
    public enum Interpolation: Sendable, Hashable, CaseIterable {
        case none, low, medium, high
    }

    /// How a resizable image fills its frame.
    public enum ResizingMode: Sendable, Hashable {
        case stretch, tile
    }

    /// Whether an image is drawn in its colours or as a mask of the foreground style.
    public enum TemplateRenderingMode: Sendable, Hashable {
        case original, template
    }

    /// Folders `Image("Name")` looks in, after the renderer's own (`ViewRenderer.assetFolders`):
    /// what an app's asset catalogue is to SwiftUI. A task-local value
    /// (`Image.$assetFolders.withValue([...]) { ... }`); while a view renders it holds that
    /// renderer's folders too, so `.image(Image("Noise"))` made in a body finds its picture.
    @TaskLocal public static var assetFolders: [String] = []

    var source: Source
    var isResizable = false
    var interpolation: Interpolation = .medium
    var renderingMode: TemplateRenderingMode?

    /// The image named `name` in the assets.
    public init(_ name: String, bundle: Bundle? = nil) { source = .named(name) }
    /// The image named `name`, with no accessibility label.
    public init(decorative name: String, bundle: Bundle? = nil) { source = .named(name) }
    /// An SF Symbol: drawn from an open icon font where one of the same meaning is installed,
    /// otherwise an error naming the symbol.
    public init(systemName: String) { source = .system(systemName) }
    /// The PNG, JPEG or SVG file at `path`.
    public init(contentsOfFile path: String) { source = .file(path) }
    /// `picture`, `scale` pixels a point.
    public init(rgbaImage picture: RGBAImage, scale: CGFloat = 1) { source = .picture(PictureBox(picture, scale: scale)) }

    /// The image stretched to its frame.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// The image sampled with `interpolation` when scaled.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var image = self
        image.interpolation = interpolation
        return image
    }

    /// Antialiasing follows the interpolation.
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    /// The image drawn in its colours or as a template.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var image = self
        image.renderingMode = mode
        return image
    }

    public var body: Never { primitiveBody(Self.self) }

    package func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        if case .system(let name) = source {
            return try context.resolve(SymbolImage(name: name))
        }
        let picture = try context.services.images.picture(for: source)
        let natural = CGSize(width: CGFloat(picture.image.width) / picture.scale, height: CGFloat(picture.image.height) / picture.scale)
        // A template is its alpha through the foreground style in force here (SwiftUI's
        // `renderingMode(.template)`), as a symbol image is.
        let isTemplate = renderingMode == .template
        let drawing = ImageDrawing(picture: picture, interpolation: interpolation, isTemplate: isTemplate,
                                   templateStyle: isTemplate ? context.environment.resolving(nil) : nil)
        let layout: LayoutNode = isResizable
            ? .measured { p in CGSize(width: p.width ?? natural.width, height: p.height ?? natural.height) }
            : .fixed(width: natural.width, height: natural.height)
        return [ViewNode(leaf: layout, drawing: .image(drawing))]
    }
}

extension Shader.Argument {
    /// An image argument (SwiftUI's `.image(Image)`): the picture found now in the asset folders
    /// (`Image.assetFolders`) and bound as a `sampler2D`. SwiftUI's call cannot fail, so a picture
    /// that cannot be found or read binds a transparent pixel, and the next `ViewRenderer.render`
    /// fails with the reason instead of drawing it.
    public static func image(_ image: Image) -> Shader.Argument {
        do {
            return .image(try ViewImages.arguments.picture(of: image))
        } catch {
            ViewImages.recordArgumentFailure(error)
            return .image(RGBAImage(width: 1, height: 1))
        }
    }
}

/// A decoded picture shared by reference (so a view holding one stays cheap to copy), with the
/// identity the texture cache keys it by.
final class PictureBox: Hashable, @unchecked Sendable {
    let image: RGBAImage
    let scale: CGFloat
    init(_ image: RGBAImage, scale: CGFloat) {
        self.image = image
        self.scale = scale
    }
    static func == (a: PictureBox, b: PictureBox) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An image resolved for drawing.
package struct ImageDrawing: @unchecked Sendable {
    let picture: PictureBox
    let interpolation: Image.Interpolation
    /// Drawn as a template: the picture's alpha as a mask of `templateStyle`.
    var isTemplate = false
    /// The style a template is painted in (nil: the primary style).
    var templateStyle: AnyShapeStyle?
}

/// Where a render's images come from: the folders an asset name is looked up in, and the
/// decoded pictures, kept for the next frame.
package final class ViewImages: @unchecked Sendable {
    /// Folders searched for `Image("Name")`, in order.
    package var folders: [String]
    /// Pictures by file and scale, with the store's stamp of the pixels each holds. A picture is
    /// used again only while the store returns the same stamp, so a file rewritten between two
    /// renders (a batch job writing what a later job reads) is read again.
    private var pictures: [String: (box: PictureBox, stamp: Int)] = [:]
    /// The most bytes of pictures kept here beyond the one being returned.
    private static let maxKeptBytes = 512 << 20
    private let lock = NSLock()
    private let store: ImageStore

    package init(folders: [String] = [], store: ImageStore = ImageStore()) {
        self.folders = folders
        self.store = store
    }

    /// Where image arguments (`.image(Image("Noise"))`, made in a body every frame) are found and
    /// decoded: once per file for the process, as the renderer's own pictures are once per render.
    static let arguments = ViewImages()

    nonisolated(unsafe) private static var argumentFailures: [any Error] = []
    private static let failureLock = NSLock()

    /// Keeps the failure of an image argument made outside any render, for the next render to throw.
    static func recordArgumentFailure(_ error: any Error) {
        failureLock.withLock { argumentFailures.append(error) }
    }

    /// The first image-argument failure since the last call, cleared.
    package static func takeArgumentFailure() -> (any Error)? {
        failureLock.withLock {
            defer { argumentFailures.removeAll() }
            return argumentFailures.first
        }
    }


    /// The decoded picture of an image (found by name, read from a file, or given).
    package func picture(of image: Image) throws -> RGBAImage { try picture(for: image.source).image }

    func picture(for source: Image.Source) throws -> PictureBox {
        // Kept by the file a name resolves to (the folders searched may differ between renders).
        let name: String, path: String, scale: Int
        switch source {
        case .picture(let box):
            return box
        case .named(let asset):
            (path, scale) = try find(asset)
            name = asset
        case .file(let file):
            (name, path, scale) = (file, file, 1)
        case .system:
            preconditionFailure("resolved elsewhere")
        }
        let key = "\(path)@\(scale)"
        let decoded: (image: RGBAImage, stamp: Int)
        do {
            decoded = try store.stampedImage(path: path)
        } catch {
            throw ViewError("Image(\"\(name)\"): \(error)")
        }
        return lock.withLock {
            if let kept = pictures[key], kept.stamp == decoded.stamp { return kept.box }
            let box = PictureBox(decoded.image, scale: CGFloat(scale))
            pictures[key] = (box, decoded.stamp)
            // Bounded however many files a long run reads: past the limit, only this one stays.
            let bytes = pictures.values.reduce(0) { $0 + $1.box.image.pixels.count * MemoryLayout<Float>.stride }
            if bytes > Self.maxKeptBytes { pictures = [key: (box, decoded.stamp)] }
            return box
        }
    }

    /// The display scale `Image("Name")` prefers a `@2x`/`@3x` file for.
    package var scale = 1

    /// The file of the asset `name`, as an asset catalogue resolves it (loose files and
    /// `.xcassets` image sets, the file for the display scale preferred).
    private func find(_ name: String) throws -> (path: String, scale: Int) {
        let assets = ImageAssets(folders: folders + Image.assetFolders)
        do {
            let asset = try assets.resolve(name, scale: scale)
            return (asset.path, asset.scale ?? 1)
        } catch {
            throw ViewError("Image(\"\(name)\"): \(error)\(assets.folders.isEmpty ? " (give the folder with --assets DIR)" : "")")
        }
    }
}

/// `Image(systemName:)`. SF Symbols are Apple's and cannot ship, so a symbol is drawn from Google's
/// Material Icons (Apache 2.0, Debian `fonts-material-design-icons-iconfont`) where an icon of
/// the same meaning exists: the font's ligatures turn the icon's name into its glyph, set in the
/// environment's font size, as a symbol scales with the text around it. A symbol with no
/// counterpart in the table fails, naming it.
struct SymbolImage: View, PrimitiveView {
    let name: String
    var body: Never { primitiveBody(Self.self) }

    /// The Material Icons family, as fontconfig names it.
    static let family = "Material Icons"

    /// SF Symbol names and the Material icon of the same meaning (the Regular set is filled, so
    /// a symbol and its ".fill" variant often share one).
    static let counterparts: [String: String] = [
        "drop": "water_drop", "drop.fill": "water_drop", "wave.3.up": "waves", "water.waves": "waves",
        "text.justify": "format_align_justify", "text.alignleft": "format_align_left", "text.aligncenter": "format_align_center", "text.alignright": "format_align_right",
        "star": "star_border", "star.fill": "star", "heart": "favorite_border", "heart.fill": "favorite",
        "house": "home", "house.fill": "home", "gear": "settings", "gearshape": "settings",
        "gearshape.fill": "settings", "magnifyingglass": "search", "person": "person_outline", "person.fill": "person",
        "person.circle": "account_circle", "person.circle.fill": "account_circle", "bell": "notifications_none", "bell.fill": "notifications",
        "play": "play_arrow", "play.fill": "play_arrow", "pause": "pause", "pause.fill": "pause",
        "stop.fill": "stop", "forward.fill": "fast_forward", "backward.fill": "fast_rewind", "music.note": "music_note",
        "music.note.list": "queue_music", "photo": "photo", "photo.fill": "photo", "camera": "photo_camera",
        "camera.fill": "photo_camera", "trash": "delete", "trash.fill": "delete", "plus": "add",
        "minus": "remove", "xmark": "close", "checkmark": "check", "checkmark.circle": "check_circle_outline",
        "checkmark.circle.fill": "check_circle", "xmark.circle.fill": "cancel", "info.circle": "info_outline", "info.circle.fill": "info",
        "exclamationmark.triangle": "warning", "exclamationmark.triangle.fill": "warning", "chevron.left": "chevron_left", "chevron.right": "chevron_right",
        "chevron.up": "expand_less", "chevron.down": "expand_more", "arrow.left": "arrow_back", "arrow.right": "arrow_forward",
        "arrow.up": "arrow_upward", "arrow.down": "arrow_downward", "square.and.arrow.up": "ios_share", "paperplane": "send",
        "paperplane.fill": "send", "envelope": "mail_outline", "envelope.fill": "mail", "phone": "phone",
        "phone.fill": "phone", "map": "map", "map.fill": "map", "location": "near_me",
        "location.fill": "near_me", "calendar": "calendar_today", "clock": "schedule", "clock.fill": "schedule",
        "sun.max": "wb_sunny", "sun.max.fill": "wb_sunny", "moon": "dark_mode", "moon.fill": "dark_mode",
        "cloud": "cloud_queue", "cloud.fill": "cloud", "bolt": "bolt", "bolt.fill": "bolt",
        "flame": "local_fire_department", "flame.fill": "local_fire_department", "leaf": "eco", "leaf.fill": "eco",
        "lock": "lock", "lock.fill": "lock", "lock.open": "lock_open", "eye": "visibility",
        "eye.fill": "visibility", "eye.slash": "visibility_off", "bookmark": "bookmark_border", "bookmark.fill": "bookmark",
        "tag": "local_offer", "tag.fill": "local_offer", "cart": "shopping_cart", "cart.fill": "shopping_cart",
        "bag": "shopping_bag", "bag.fill": "shopping_bag", "creditcard": "credit_card", "gift": "card_giftcard",
        "gift.fill": "card_giftcard", "list.bullet": "format_list_bulleted", "square.grid.2x2": "grid_view", "ellipsis": "more_horiz",
        "slider.horizontal.3": "tune", "sparkles": "auto_awesome", "wand.and.stars": "auto_fix_high", "paintbrush": "brush",
        "paintbrush.fill": "brush", "pencil": "edit", "hand.tap": "touch_app", "hand.tap.fill": "touch_app",
        "hand.thumbsup.fill": "thumb_up", "speaker.wave.2": "volume_up", "speaker.wave.2.fill": "volume_up", "speaker.slash": "volume_off",
        "mic": "mic_none", "mic.fill": "mic", "video": "videocam", "video.fill": "videocam",
        "wifi": "wifi", "globe": "public", "link": "link", "doc": "description",
        "doc.fill": "description", "folder": "folder_open", "folder.fill": "folder", "circle": "radio_button_unchecked",
        "circle.fill": "circle", "flag": "outlined_flag", "flag.fill": "flag", "timer": "timer",
        "airplane": "flight", "car": "directions_car", "car.fill": "directions_car", "bicycle": "directions_bike",
        "figure.walk": "directions_walk",
    ]

    func resolve(in context: inout ResolveContext) throws -> [ViewNode] {
        guard let icon = Self.counterparts[name] else {
            throw ViewError("Image(systemName: \"\(name)\"): SF Symbols are Apple's and cannot be installed here, and no open icon of the same meaning is known for it; use Image(\"name\") with a PNG or SVG of your own")
        }
        let size = (context.environment.font ?? .body).size
        context.services.note("Image(systemName: \"\(name)\") is drawn as Material Icons' \"\(icon)\" (Apache 2.0): SF Symbols are Apple's")
        return try context.resolve(Text(verbatim: icon).font(.custom(Self.family, size: size)))
    }
}
