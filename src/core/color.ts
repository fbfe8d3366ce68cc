// Label colours: "6-digit hex with leading # or a CSS color name" (spec, Labels).
import * as Flags from '@oclif/core/flags'
import {UsageError} from './errors.js'

// The named colours of CSS Color Module Level 4.
const CSS_COLOR_NAMES = new Set(`aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon
darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey
honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue
mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/))

export function isLabelColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value) || CSS_COLOR_NAMES.has(value.toLowerCase())
}

export function validColor(value: string, flag = 'color'): string {
  if (!isLabelColor(value)) throw new UsageError(`--${flag} must be a 6-digit hex colour with a leading # (#d9534f) or a CSS colour name (orange), got "${value}"`)
  return value
}

export const colorFlag = Flags.custom<string>({
  helpValue: '#RRGGBB|NAME',
  description: '6-digit hex colour with a leading # or a CSS colour name',
  parse: async (input, _ctx, opts) => validColor(input, opts.name),
})
