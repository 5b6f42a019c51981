import { Avatar } from '@mantine/core';
import { initials, profilePicture, type Profile } from '../auth/profile';

/** The signed-in person's picture (48x48 in the header, spec §9), their initials when they have none. */
export function ProfileAvatar({ profile, size, alt = profile.userFullName }: { profile: Profile; size: number; alt?: string }) {
  return (
    <Avatar src={profilePicture(profile)} size={size} radius="xl" color="brand" variant="filled" alt={alt}>
      {initials(profile.userFullName)}
    </Avatar>
  );
}
