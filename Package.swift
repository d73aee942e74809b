// swift-tools-version: 6.3
// ShaderFX: SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect, fills)
// rendered headless on Linux through EGL and OpenGL ES.
//
// Swift 6.3 or later: ShaderFXTesting records warnings with Swift Testing's issue severity (6.3).
//
// The targets are layers, and each depends only on those below it, so the compiler rejects an
// import against the direction (ARCHITECTURE.md draws the graph):
//
//   shaderfx ─▶ ShaderFXCLI ─▶ ShaderFXGolden ─▶ ShaderFX ─▶ ShaderFXCore ─▶ CGLLoader, CPNGShim ─▶ CPNG,
//                                                                           CTurboJPEG, CSVGLoader
//                                                      ├────▶ ShaderFXMetal (the Metal translator) ──┐
//                                                      └────▶ ShaderFXContract (the stitched GLSL) ◀─┘
//                ShaderFXTesting ─▶ ShaderFXGolden, ShaderFXUI
//                ShaderFXGolden ─▶ ShaderFXUI (a case's view file)
//                ShaderFXText ─▶ CFreeType, CHarfBuzz, CFontconfig (text: fonts, shaping, lines, glyphs)
//                ShaderFXUI ─▶ ShaderFX, ShaderFXText (the view layer: views, layout, drawing)
import PackageDescription

let package = Package(
    name: "ShaderFX",
    products: [
        .library(name: "ShaderFX", targets: ["ShaderFX"]),
        .library(name: "ShaderFXGolden", targets: ["ShaderFXGolden"]),
        .library(name: "ShaderFXTesting", targets: ["ShaderFXTesting"]),
        .library(name: "ShaderFXUI", targets: ["ShaderFXUI"]),
        .executable(name: "shaderfx", targets: ["shaderfx"]),
    ],
    targets: [
        // libpng, linked: every PNG read goes through it.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng reports errors with setjmp/longjmp; this shim turns them into status codes.
        .target(name: "CPNGShim", dependencies: ["CPNG"]),
        // libdeflate: whole-buffer DEFLATE for the PNG and APNG writer (and its CRC-32 and Adler-32).
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // libjpeg-turbo's TurboJPEG API, linked: every JPEG read goes through it.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // librsvg and cairo, opened at run time (dlopen) on the first SVG: the binary starts
        // without them and says what to install when an SVG is read.
        .target(name: "CSVGLoader", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // libEGL, libGLESv2 and libgbm are opened at run time (dlopen), so the binary starts
        // everywhere and can say what to install when one of them is missing.
        .target(name: "CGLLoader", linkerSettings: [.linkedLibrary("dl")]),
        // What must work while the process is being killed or is stuck: the registry of
        // temporary files, the SIGINT/SIGTERM handlers and the watchdog thread (async-signal-safe C).
        .target(name: "CProcessGuard", linkerSettings: [.linkedLibrary("pthread")]),
        // Turns the GLSL files of the top-level Shaders/ folder into Swift string constants.
        .executableTarget(name: "shader-embedder", path: "Plugins/ShaderEmbedderTool"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["shader-embedder"]),
        // The GPU (contexts, textures, framebuffers, programs) and images (PNG, APNG, JPEG, SVG,
        // pictures, asset look-up). Knows nothing of effects.
        .target(name: "ShaderFXCore", dependencies: ["CGLLoader", "CPNGShim", "CProcessGuard", "CDeflate",
                                                     "CTurboJPEG", "CSVGLoader"]),
        // The GLSL contract of a stitched effect function, written once: the prelude's names and
        // text, the parameter types, the sampler pragma, typed signatures. Pure Swift, no imports.
        .target(name: "ShaderFXContract"),
        // The MSL -> GLSL ES translator: SwiftUI developers' [[ stitchable ]] Metal files, as
        // the GLSL library the stitcher reads (docs/METAL.md). Knows nothing of GL or effects;
        // it writes GLSL against the contract and hands over each function's typed signature.
        .target(name: "ShaderFXMetal", dependencies: ["ShaderFXContract"]),
        // Effects: shaders, the stitcher, the renderer, built-in effects and transitions, animation.
        // It reaches GL only through ShaderFXCore's GPU objects, never CGLLoader itself.
        .target(
            name: "ShaderFX",
            dependencies: ["ShaderFXCore", "ShaderFXMetal", "ShaderFXContract"],
            plugins: ["EmbedShaders"]
        ),
        // Image comparison and golden suites (cases, runs, reports), usable from Swift:
        // GoldenSuite.run is the runner `shaderfx test` uses. It draws a case's view file through
        // ShaderFXUI, so a suite run from Swift takes the cases `shaderfx test` takes.
        .target(name: "ShaderFXGolden", dependencies: ["ShaderFX", "ShaderFXCore", "ShaderFXUI"]),
        // Reference-image assertions for Swift Testing, on top of ShaderFXGolden.
        .target(name: "ShaderFXTesting", dependencies: ["ShaderFXGolden", "ShaderFXUI"]),
        // The `shaderfx` commands and their argument parser.
        .target(name: "ShaderFXCLI", dependencies: ["ShaderFXGolden", "ShaderFX", "ShaderFXCore", "ShaderFXUI"]),
        .executableTarget(name: "shaderfx", dependencies: ["ShaderFXCLI"]),
        // FreeType (glyph outlines to coverage bitmaps, font metrics), HarfBuzz (shaping, with its
        // own OpenType functions) and fontconfig (font names to files), linked.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // Text, measured with the code that draws it: SwiftUI's fonts resolved through fontconfig,
        // shaping, line breaking, and glyphs rasterised into a coverage mask. Knows nothing of GL.
        .target(name: "ShaderFXText", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"]),
        // The view layer: SwiftUI's views and modifiers, its layout (proposals, alignment guides,
        // the `Layout` protocol, stacks, frames), shapes and paints, drawn through the renderer's
        // layer-and-effect path. `import ShaderFXUI` stands where a view file has `import SwiftUI`.
        .target(name: "ShaderFXUI", dependencies: ["ShaderFX", "ShaderFXText", "ShaderFXCore"]),
        // Tests: one target per source target, named after it, and the helpers they share.
        .target(name: "ShaderFXTestSupport", path: "Tests/Support/ShaderFXTestSupport"),
        // libpng at the settings of the encoder the PNG writer replaced, for its tests only: an
        // independent decoder, and the sizes to stay within.
        .target(name: "CPNGReference", dependencies: ["CPNG"], path: "Tests/Support/CPNGReference"),
        .testTarget(name: "ShaderFXCoreTests", dependencies: ["ShaderFXCore", "CDeflate", "CPNGReference", "CTurboJPEG",
                                                           "ShaderFXTestSupport"]),
        .testTarget(name: "ShaderFXMetalTests", dependencies: ["ShaderFXMetal", "ShaderFXContract", "ShaderFXTestSupport"]),
        .testTarget(name: "ShaderFXTests", dependencies: ["ShaderFX", "ShaderFXTesting", "ShaderFXUI", "ShaderFXTestSupport"],
                    exclude: ["References", "MetalCorpus", "__References__"]),
        .testTarget(name: "ShaderFXGoldenTests", dependencies: ["ShaderFXGolden", "ShaderFXTestSupport"]),
        .testTarget(name: "ShaderFXTestingTests", dependencies: ["ShaderFXTesting", "ShaderFXUI", "ShaderFXTestSupport"]),
        .testTarget(name: "ShaderFXTextTests", dependencies: ["ShaderFXText", "CFreeType", "ShaderFXTestSupport"]),
        .testTarget(name: "ShaderFXCLITests", dependencies: ["ShaderFXCLI", "ShaderFXUI", "ShaderFXTestSupport"]),
        .testTarget(name: "ShaderFXUITests", dependencies: ["ShaderFXUI", "ShaderFXTestSupport"], exclude: ["ViewFiles"]),
        // The seeds' views in examples/views, compiled as Swift (links to the files the CLI reads).
        .testTarget(name: "ShaderFXUIExamplesTests", dependencies: ["ShaderFXUI", "ShaderFXTestSupport"]),
    ]
)
