// The drag-and-drop type for units dragged from a list (the map's unit list, the Outline) onto the map.
export const UNIT_DRAG_TYPE = 'application/x-adc-unit';

/** Units and leaders can be dropped on the map; formations and sides cannot. */
export const isPlaceablePointer = (pointer: string): boolean => /^\/sides\/\d+\/army(?:\/formations\/\d+)*(?:\/units\/\d+|\/leader)$/.test(pointer);
