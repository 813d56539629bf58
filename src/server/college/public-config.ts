import { activeQuestions } from '../../shared/lifestyle';
import type { PublicConfig } from '../../shared/schemas/college';
import { toPublicMap } from '../../shared/schemas/map-config';
import type { AppConfig } from '../config';

/** URL prefix under which the college's images are served. */
export const COLLEGE_ASSETS_PREFIX = '/college/';

export const collegeAssetUrl = (file: string) => `${COLLEGE_ASSETS_PREFIX}${file}`;

/** The part of the configuration the browser may see. `groupsMatched` is the footer's claim. */
export function toPublicConfig(
  config: AppConfig,
  groupsMatched: number,
  /** Where the map's tiles are served, when the file the config names is there. */
  mapTilesUrl: string | null = null,
): PublicConfig {
  const { college } = config;
  return {
    productName: college.productName,
    college: {
      name: college.college.name,
      shortName: college.college.shortName,
      emailDomain: college.college.emailDomain,
    },
    theme: college.theme,
    logo: collegeAssetUrl(college.logo),
    logoFull: collegeAssetUrl(college.logoFull),
    dorms: college.dorms.map((dorm) => ({ ...dorm, image: collegeAssetUrl(dorm.image) })),
    offCampusImage: collegeAssetUrl(college.offCampusImage),
    landingImages: college.landingImages.map((image) => ({ ...image, src: collegeAssetUrl(image.src) })),
    footer: college.footer,
    groupsMatched,
    termsVersion: college.termsVersion,
    lifestyleQuestions: activeQuestions(college.lifestyle),
    campusPlaces: college.campusPlaces.map(({ key, name, latitude, longitude }) => ({
      key,
      name,
      latitude,
      longitude,
    })),
    shuttleStops: college.shuttleStops.map(({ key, name, latitude, longitude, rideMinutes }) => ({
      key,
      name,
      latitude,
      longitude,
      rideMinutes,
    })),
    map: college.map ? toPublicMap(college.map, mapTilesUrl) : null,
    auth: { oidc: config.oidc ? { label: config.oidc.label } : null, emailPassword: true },
  };
}
