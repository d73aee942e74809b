import Foundation
import ShaderFXUI
import ShaderFXGolden

/// Where a command's picture comes from when it is a SwiftUI view: a view file in SwiftUI's
/// syntax, the values to give its constants and state, and the folders its images are in.
struct ViewFlags: ParsableArguments {
    @Option(valueName: "FILE.swift", help: "a SwiftUI view file to render: `let` constants, `struct Name: View` declarations and, last, the view (or a #Preview)", section: "VIEW")
    var view: String?
    @Option(valueName: "NAME=VALUE", help: "a value for a top-level constant or the root view's @State or property, e.g. --set title=Hello (repeatable)", section: "VIEW",
            repeatedRead: { parsed, name throws(UsageError) in try parsed.keyValuePairs(name) })
    var set: [KeyValuePair]
    @Option(valueName: "DIR", help: "a folder Image(\"Name\") looks in, after the view file's own (repeatable)", section: "VIEW")
    var assets: [String]
    @Option(valueName: "NAME", help: "the struct to render when the file holds several views and no trailing view", section: "VIEW")
    var root: String?
    @Option(valueName: "SECONDS", help: "the moment drawn: TimelineView's time, and the time since keyframe animators' triggers", section: "VIEW",
            read: { parsed, name throws(UsageError) in try parsed.double(name, in: 0...86_400) })
    var at: Double?

    /// The view file's program, parsed, with the settings the flags give; nil without `--view`.
    func program(shaders: ShaderLibrary?) throws -> (program: ViewFileProgram, settings: ViewFileSettings)? {
        guard let path = view else { return nil }
        let source: String
        do {
            source = try InputFile.readText(path)
        } catch {
            throw CommandFailure(message: "--view \(path): \(error)", exitCode: 1)
        }
        let program = try ViewFileProgram(source: source, file: path)
        var overrides: [String: String] = [:]
        for pair in set { overrides[pair.key] = pair.value }
        let folder = (path as NSString).deletingLastPathComponent
        let settings = ViewFileSettings(overrides: overrides, time: at ?? 0, shaders: shaders,
                                        assetFolders: [folder.isEmpty ? "." : folder] + assets, root: root, triggerTime: at)
        return (program, settings)
    }
}

extension ViewFileProgram {
    /// The view for `settings`, ready to render: its asset folders and shaders in force.
    func renderer(settings: ViewFileSettings, renderer: Renderer, size: SIMD2<Int>?, scale: Int,
                  effects: [Effect] = []) throws -> ViewRenderer<AnyView> {
        var view = try makeView(settings: settings)
        if !effects.isEmpty { view = AnyView(view.effects(effects)) }
        let viewRenderer = try ViewRenderer(content: view, renderer: renderer)
        viewRenderer.configure(settings: settings, size: size, scale: scale)
        return viewRenderer
    }

    /// `viewRenderer` given the view for `settings` (the next frame of an animation, or the
    /// view a touch is delivered to), `effects` over the whole of it.
    func update(_ viewRenderer: ViewRenderer<AnyView>, settings: ViewFileSettings, effects: [Effect] = []) throws {
        var view = try makeView(settings: settings)
        if !effects.isEmpty { view = AnyView(view.effects(effects)) }
        viewRenderer.content = view
        viewRenderer.time = settings.time
        viewRenderer.triggerTime = settings.triggerTime
    }
}
