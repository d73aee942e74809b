public enum ShaderFXCLI {}
