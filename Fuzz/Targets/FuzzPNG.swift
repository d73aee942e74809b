// libFuzzer target: picture decoding as ShaderFX does it for every file a user names. The first
// byte picks the entry point; the rest is the file:
//   even: PNG.decode (libpng through CPNGShim's setjmp-to-status shim, the header checked against
//         the limits before a pixel is decoded, 16-bit straight to premultiplied);
//   odd:  ImageFile.decode, which tells PNG, JPEG (libjpeg-turbo) and SVG apart by content.
// An SVG is only recognised (ImageFile.format), not decoded: librsvg and cairo are opened at run
// time (dlopen), uninstrumented, and are not ShaderFX's code. Any input must end in a picture or
// an ImageError; the pixel budget here is 4 Mi pixels, so an allocation past libFuzzer's
// -malloc_limit_mb is a finding, not the budget at work.
import ShaderFXCore

let limits = ImageLimits(maxDimension: 16384, maxPixels: 4 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] % 2 == 0 {
        if let image = try? PNG.decode(bytes, name: "fuzz.png", limits: limits) { check(image) }
    } else if ImageFile.format(of: bytes) != .svg {
        if let image = try? ImageFile.decode(bytes, name: "fuzz.img", limits: limits) { check(image) }
    }
    return 0
}

/// A decoded picture is within the limits and holds width * height pixels, premultiplied.
func check(_ image: RGBAImage) {
    precondition(image.width > 0 && image.height > 0 && image.width * image.height <= limits.maxPixels,
                 "decoded \(image.width)x\(image.height) past the limits")
    precondition(image.pixels.count == image.width * image.height * 4, "pixel count")
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
        let a = image.pixels[i + 3]
        precondition(a >= 0 && a <= 1, "alpha \(a) outside 0...1")
        for c in 0..<3 { precondition(image.pixels[i + c] >= 0 && image.pixels[i + c] <= a + 1e-6, "not premultiplied") }
    }
}
