// swift-tools-version: 6.0
// ShaderFX: SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect, fills)
// rendered headless on Linux through EGL and OpenGL ES.
import PackageDescription

let package = Package(
    name: "ShaderFX",
    products: [
        .library(name: "ShaderFX", targets: ["ShaderFX"]),
        .library(name: "ShaderFXTesting", targets: ["ShaderFXTesting"]),
        .executable(name: "shaderfx", targets: ["shaderfx"]),
    ],
    targets: [
        // libpng, linked: every PNG goes through it.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng reports errors with setjmp/longjmp; this shim turns them into status codes.
        .target(name: "CPNGShim", dependencies: ["CPNG"]),
        // libEGL, libGLESv2 and libgbm are opened at run time (dlopen), so the binary starts
        // everywhere and can say what to install when one of them is missing.
        .target(name: "CGLLoader", linkerSettings: [.linkedLibrary("dl")]),
        // Turns the GLSL files of the top-level Shaders/ folder into Swift string constants.
        .executableTarget(name: "shader-embedder", path: "Plugins/ShaderEmbedderTool"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["shader-embedder"]),
        // The MSL -> GLSL ES translator: SwiftUI developers' [[ stitchable ]] Metal files, as
        // the GLSL library the stitcher reads (docs/METAL.md).
        .target(name: "ShaderFXMetal"),
        .target(
            name: "ShaderFX",
            dependencies: ["CGLLoader", "CPNGShim", "ShaderFXMetal"],
            plugins: ["EmbedShaders"]
        ),
        // Reference-image assertions for Swift Testing: record, compare, write artifacts.
        .target(name: "ShaderFXTesting", dependencies: ["ShaderFX"]),
        .target(name: "ShaderFXCLI", dependencies: ["ShaderFX"]),
        .executableTarget(name: "shaderfx", dependencies: ["ShaderFXCLI"]),
        .testTarget(name: "ShaderFXTests", dependencies: ["ShaderFX", "ShaderFXTesting"],
                    exclude: ["References", "MetalCorpus"]),
        .testTarget(name: "ShaderFXMetalTests", dependencies: ["ShaderFXMetal"]),
        .testTarget(name: "CLITests", dependencies: ["ShaderFXCLI"]),
    ]
)
