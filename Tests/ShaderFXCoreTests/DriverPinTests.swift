import CGLLoader
import Testing
@testable import ShaderFXCore

/// Mesa's driver stays loaded once a display has opened it: eglTerminate would otherwise unmap it,
/// so the next display loads it again, and what it still holds at exit reads as leaked under
/// LeakSanitizer (`make sanitize`).
@Suite(.serialized) struct DriverPinTests {
    @Test func mesasDriverIsFoundAndKeptLoaded() throws {
        let context = try TestContext.shared()
        guard context.info.isSoftware else { return }  // another vendor's driver is not Mesa's
        // The display is open, so its driver is among the loaded objects, and pinning finds it.
        #expect(sfx_loaded_driver_count() >= 1, "no *_dri.so or libgallium is loaded while a Mesa display is open")
        #expect(sfx_keep_drivers_loaded() >= 1)
    }
}
