"""Several devices for the gpu (numpy) module: gpu.Device, ndarray.device, a.to(device) and
a.to_device(device) (docs/GPU.md "Several GPUs"). A part of the module (gpu_module.c loads
it with `np` set and calls _install()); the work is the natives np._device_use,
np._device_of, np._to_device and np._device_synchronize (stdlib/gpu/gpu_devices.c)."""


class Device:
    """A GPU of this process by its ordinal. `with gpu.Device(1):` makes device 1 current for
    the block: arrays made in it live there and the work on them runs there. Device() is the
    current device. On the mock and the CPU backend, kr_config.gpu_mock_devices
    (KRAIT_MOCK_DEVICES) devices exist."""

    __slots__ = ("id", "_prev")

    def __init__(self, device=None):
        if device is None:
            device = np._device_current()
        self.id = np._device_check(device)
        self._prev = []

    def __enter__(self):
        self._prev.append(np._device_use(self.id))
        return self

    def __exit__(self, *exc):
        np._device_use(self._prev.pop())
        return False

    def use(self):
        """Make this device current (outside any with block)."""
        np._device_use(self.id)

    def synchronize(self):
        """Wait for the work queued on this device."""
        np._device_synchronize(self.id)

    def __index__(self):
        return self.id

    def __int__(self):
        return self.id

    def __eq__(self, other):
        return isinstance(other, Device) and other.id == self.id

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(("gpu.Device", self.id))

    def __repr__(self):
        return "<gpu.Device %d>" % self.id


def _to(self, device):
    """The array on device (an int or a gpu.Device): itself when it is there already, else
    a copy (peer to peer between GPUs)."""
    return np._to_device(self, device)


_METHODS = {"device": property(lambda self: Device(np._device_of(self))),
            "to": _to, "to_device": _to}


def _install():
    setattr(np, "Device", Device)
