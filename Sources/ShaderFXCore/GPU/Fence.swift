import CGLLoader
import Foundation

/// A sync object marking every GL command issued before it; deleted with its last reference.
///
/// Whoever waits for a piece of GPU work (a frame's read into a `PixelBuffer`) owns the fence
/// made after it, so each fence is deleted exactly once, whichever call throws.
package final class Fence {
    package let context: GPUContext
    private let sync: GLsync
    private let counter: LiveCounter?

    /// Counts the fences alive that were made with it (for tests: none once a sequence ends).
    package final class LiveCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        package init() {}
        /// The fences made with this counter and not yet deleted.
        package var value: Int { lock.withLock { count } }
        fileprivate func add(_ delta: Int) { lock.withLock { count += delta } }
    }

    /// A fence after every command issued so far on `context` (current on this thread).
    /// - Parameter counter: counts this fence while it lives.
    package init(context: GPUContext, counter: LiveCounter? = nil) throws(GPUError) {
        self.context = context
        context.assertCurrent("glFenceSync")
        guard let sync = context.gl.FenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) else {
            try context.check("glFenceSync")
            throw .gl(call: "glFenceSync", code: 0)
        }
        self.sync = sync
        self.counter = counter
        counter?.add(1)
    }

    deinit {
        let gl = context.gl, sync = self.sync
        _ = try? context.withCurrent { gl.DeleteSync(sync) }
        counter?.add(-1)
    }

    /// Waits until the GPU has passed the fence (flushing the commands before it first).
    /// - Parameters:
    ///   - timeout: the longest wait.
    ///   - what: the work waited for, for the error ("frame 12").
    /// - Throws: `GPUError.gl` when the fence is not signalled within `timeout` or the wait fails.
    package func wait(timeout: Duration, for what: @autoclosure () -> String) throws(GPUError) {
        context.assertCurrent("glClientWaitSync")
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        let waited = context.gl.ClientWaitSync(sync, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), nanoseconds)
        guard waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED else {
            let limit = attoseconds == 0 ? "\(seconds) s" : "\(timeout)"
            throw .gl(call: "glClientWaitSync (\(what()) not finished after \(limit))", code: UInt32(waited))
        }
    }
}
