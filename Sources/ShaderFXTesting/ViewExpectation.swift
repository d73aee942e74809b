import Foundation
import Synchronization
import Testing
import ShaderFXUI

/// The renderer `expectView` draws with: one GPU context for every expectation of the process.
private let sharedViewRenderer = Mutex<Result<Renderer, any Error>?>(nil)

private func viewRenderer() throws -> Renderer {
    try sharedViewRenderer.withLock { kept in
        if let kept { return try kept.get() }
        let made = Result { try Renderer() }
        kept = made
        return try made.get()
    }
}

/// Expects `view`, rendered as `ImageRenderer` would (proposed `size`, its ideal size when nil,
/// at `scale`), to match a reference PNG, exactly as `expectImage` compares and records:
///
/// ```swift
/// @Test func badge() throws {
///     try expectView(Badge(title: "New"), scale: 2)       // __References__/BadgeTests/badge.1.png
/// }
/// ```
/// - Parameters:
///   - view: the view under test.
///   - size: the size proposed to the root, nil for its ideal size.
///   - scale: pixels per point.
///   - time: the moment drawn: `TimelineView`'s time and the time since keyframe animators' triggers (nil: none).
///   - assetFolders: folders `Image("Name")` looks in.
///   - name, tolerance, folder, record, allowBlank: as `expectImage`'s.
/// - Throws: when the view cannot be resolved or drawn, or a reference cannot be read or written.
public func expectView<V: View>(
    _ view: V, size: CGSize? = nil, scale: Int = 1, time: Double? = nil, assetFolders: [String] = [],
    matches name: String? = nil, tolerance: ComparisonOptions = ComparisonOptions(),
    in folder: ReferenceFolder = .besideTest, record: RecordMode? = nil, allowBlank: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let renderer = try ViewRenderer(content: view, renderer: try viewRenderer())
    renderer.proposedSize = size.map { ProposedViewSize($0) } ?? .unspecified
    renderer.scale = scale
    renderer.time = time ?? 0
    renderer.triggerTime = time
    renderer.assetFolders = assetFolders
    let image = try renderer.render()
    let resolved = name ?? ReferenceNames.next(for: Test.current, sourceLocation: sourceLocation)
    try ReferenceCheck(environment: ProcessInfo.processInfo.environment, record: record)
        .check(image, matches: resolved, tolerance: tolerance, in: folder, allowBlank: allowBlank, sourceLocation: sourceLocation)
}
