/// The textures of image arguments (`Shader.Argument.image`), by picture: the last eight
/// pictures used stay uploaded, so an animation uploads each once.
final class ArgumentTextures {
    /// The most pictures kept uploaded.
    static let capacity = 8

    let context: GPUContext
    private var textures: [(image: RGBAImage, texture: Texture)] = []

    init(context: GPUContext) { self.context = context }

    /// The texture of `image`, uploaded now unless it is kept; `uploaded` is the time an upload
    /// took (zero when kept).
    func texture(for image: RGBAImage) throws -> (texture: Texture, uploaded: Duration) {
        if let hit = textures.first(where: { $0.image == image }) { return (hit.texture, .zero) }
        let started = ContinuousClock.now
        let texture = try Texture(context: context, image: image)
        textures.append((image, texture))
        if textures.count > Self.capacity { textures.removeFirst() }
        return (texture, ContinuousClock.now - started)
    }
}
