import ShaderFXGolden
import ShaderFXMetal
import ShaderFXUI

// Enumerations of the libraries read as option values by their raw names (`--region frame|grown`).
extension BuiltInPicture: ChoiceOptionValue {}
extension OutputRegion: ChoiceOptionValue {}
extension EffectKind: ChoiceOptionValue {}
extension FitMode: ChoiceOptionValue {}
extension TransitionCurve: ChoiceOptionValue {}
extension RecordMode: ChoiceOptionValue {}
extension MetalPrecision: ChoiceOptionValue {}
