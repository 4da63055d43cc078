/** A `#rgb`/`#rrggbb` brand colour, else the page's own blue; and a text colour readable on it. */
export function brandColours(colour: string): { brand: string; onBrand: string } {
  const brand = /^#(?:[0-9a-f]{3}){1,2}$/i.test(colour.trim()) ? colour.trim() : '#1f4fbf';
  const hex = brand.length === 4 ? brand.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : brand;
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  // WCAG relative luminance: dark text on light brands, white text on dark ones.
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return { brand, onBrand: luminance > 0.179 ? '#111111' : '#ffffff' };
}
