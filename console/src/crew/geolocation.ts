// The device's position for a clock action: asked for at the first clock-in (the browser remembers the
// answer); a refusal or no fix within a few seconds clocks without a location instead of blocking the tap.
let refused = false;

export function currentPosition(): Promise<{ latitude: number; longitude: number } | undefined> {
  if (refused || !('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) refused = true;
        resolve(undefined);
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 },
    );
  });
}
