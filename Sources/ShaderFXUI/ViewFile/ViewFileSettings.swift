import Foundation

/// What a view file is evaluated with, from the command line or a suite case: values for its
/// constants and state, the frame's time, the shaders `ShaderLibrary.name(...)` finds, and the
/// folders `Image("Name")` looks in.
package struct ViewFileSettings: Sendable {
    /// `--set NAME=VALUE`: top-level constants and the root view's `@State`, `@Binding` and
    /// stored properties, by name, as text read in the property's type.
    package var overrides: [String: String] = [:]
    /// Seconds since the animation began: what `TimelineView` gives its content.
    package var time: Double = 0
    /// The library `ShaderLibrary.name(...)` and `ShaderLibrary.default.name(...)` look in first
    /// (`--shader FILE` or `--library DIR`); then the built-in effects' functions.
    package var shaders: ShaderLibrary?
    /// Folders `Image("Name")` looks in after the view file's own.
    package var assetFolders: [String] = []
    /// The view to render when the file has several candidates: a `struct`'s name.
    package var root: String?
    /// Seconds since the triggers of `keyframeAnimator`s changed; nil for their initial values.
    package var triggerTime: Double?
    /// Where views' `@State` is kept from one evaluation to the next (a run of `animate`);
    /// nil: each evaluation starts from the initial values.
    package var session: ViewFileSession?

    package init(overrides: [String: String] = [:], time: Double = 0, shaders: ShaderLibrary? = nil,
                 assetFolders: [String] = [], root: String? = nil, triggerTime: Double? = nil, session: ViewFileSession? = nil) {
        self.overrides = overrides
        self.time = time
        self.shaders = shaders
        self.assetFolders = assetFolders
        self.root = root
        self.triggerTime = triggerTime
        self.session = session
    }
}
