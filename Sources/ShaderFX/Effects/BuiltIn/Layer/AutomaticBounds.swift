/// The `vec4 bounds` parameter of the distortion and layer effects that need the view's size.
///
/// The shader declares it so `swiftParametersAgreeWithTheGLSLSignature` can check the Swift list
/// against the GLSL one, but its value always comes from `.boundingRect`: it is listed as
/// automatic and giving it on the command line is an error.
enum AutomaticBounds {
    /// The parameter entry, for an effect's `parameters`.
    static let parameter = EffectParameter.boundingRect()

    /// Throws when `values` tries to set the bounds.
    static func reject(in values: ParameterValues) throws(ParameterError) {
        if let text = values.raw["bounds"] {
            throw ParameterError(parameter: "bounds",
                                 reason: "is the view's size, set automatically; leave it out (got '\(text)')")
        }
    }
}
