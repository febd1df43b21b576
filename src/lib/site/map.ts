/** OpenStreetMap addresses of a point: the embeddable map and the full map page. */
export function osmMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const bbox = [longitude - 0.01, latitude - 0.006, longitude + 0.01, latitude + 0.006].join(',');
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`,
    link: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`,
  };
}
